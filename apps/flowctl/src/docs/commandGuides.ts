import type { CommandGuide } from './docTypes.js';

/** The opening of docs/cli.md. */
export const CLI_INTRO = `
\`flowctl\` is the command-line companion of Flow, for flows kept as \`*.flow.json\` files in git
(format \`flow/1\`, see [flow-format.md](flow-format.md)). It checks, formats, diffs and compiles flow
files offline, and fetches and publishes them from and to a provider: the local one (\`flowctl serve\`)
or a hosted one. It needs Node 20.19 or newer.

From the repository: \`pnpm flowctl <command>\` (after \`pnpm build\`). Once the package is installed:
\`flowctl <command>\`.

Every command line on this page is run against the repository's \`examples/\` (copied as \`flows/\`)
and a local provider seeded with them whenever this page is made (\`run\` talks to the project's
scripted OpenAI-compatible test model), and every output shown is what it printed then: this page
cannot drift from what flowctl does.
`;

/** Rows of the conventions table. */
export const CLI_CONVENTIONS: readonly (readonly [string, string])[] = [
  ['Precedence', 'A flag beats the environment, which beats the config file, which beats the default.'],
  [
    'Config file',
    '`flowctl.config.json` in the current folder (or a `"flowctl"` key in its `package.json`; the config file wins when both exist) may set `apiUrl` (`--api-url`), `plan` (`--plan` of `fetch`, `generate`, `workflows list` and `session`), `version` (`--version` of `fetch` and `generate`), `model`, `modelBaseUrl` (`run`, `test`, `generate`) and `skills` (webhooks of `run --workflow`) and `files` (what `validate` and `fmt` check when no file is named). Any other key, and a `token` above all (secrets belong in `FLOW_TOKEN`), is refused with a message naming the file and the key, exit 2.',
  ],
  [
    'Standard input',
    '`-` as a file reads the flow from stdin (`validate -`, `fmt -`, which prints the canonical form instead of writing); findings name it `<stdin>`.',
  ],
  [
    'Exit codes',
    '`0` ok · `1` findings, a failed check, a bad file or a model answer that is not a flow (`generate`) · `2` usage error (unknown command or option, missing argument, bad value, a secret variable not set, no model configured) · `3` provider, network or model error (a conflict: the flow changed on the provider since it was read) · `4` the plan version does not exist on the provider · `5` a tool of the flow failed (`run`)',
  ],
  [
    '`--json`',
    'stdout holds exactly one JSON value, errors included: `{ "error": { "code": "…", "message": "…" } }` (plus `findings` when files are at fault). Logs, warnings and spinners go to stderr.',
  ],
  [
    'Colour',
    'Only when the output is a terminal; never with `NO_COLOR`; `FORCE_COLOR=1` forces it. Spinners only when stderr is a terminal (and not in CI).',
  ],
  [
    'Token',
    'Sent as `Authorization: Bearer` on every call to the provider, never printed: every occurrence of it in any output is replaced by `***`.',
  ],
  [
    'Typos',
    'An unknown command or option gets one line with the closest valid name, exit 2: `error: Unknown command "valdate": did you mean "flowctl validate"?`',
  ],
  [
    'Files',
    'Folders and globs (`*`, `**`, `?`, `[ab]`, `{a,b}`) expand to `*.flow.json` files (`node_modules` and `.git` skipped). A file that cannot be read, is not JSON, has another format or passes a limit (over 32 MiB, nested deeper than 64 levels, a `__proto__`, `constructor` or `prototype` key, as the provider refuses them) gives one line naming it; the other files are still checked.',
  ],
  [
    'Secrets',
    '`api_key` values, bearer tokens and credentials in `Authorization` / API-key headers never go into files: `fmt` and `fetch` store them as `{ "env": "NAME" }` references (unless `--keep-secrets`), `publish` sends the references to a provider with a secret store (`flowctl secrets set`) and the values of the environment to any other, and no output of any command shows one.',
  ],
  [
    'Messages',
    "The product spec's where it has one (`Error: No chains in flow`, `Failed to fetch workflows: {reason}`, `Changes are now published to Dashboard`, …).",
  ],
];

/** What docs/cli.md says of each command beyond its definition, by command name. */
export const COMMAND_GUIDES: Readonly<Record<string, CommandGuide>> = {
  init: {
    details: `
Scaffolds a project that works as written (default folder: the current one): \`package.json\` with
flowctl as a dev dependency (an existing one only gets that added), \`.gitignore\` (\`node_modules/\`),
\`flows/example/production.flow.json\`, a small valid support agent in two chains, and
\`.github/workflows/flows.yml\`, which on pull requests and pushes runs \`npm ci\`,
\`flowctl validate flows --format github\`, \`flowctl fmt --check flows\` and, when the repository has
the variable \`FLOW_API_URL\` (and the secret \`FLOW_TOKEN\`), \`flowctl publish --dry-run\` of each flow;
each \`{ "env": NAME }\` variable of the example flow is mapped from a secret of the same name. On
pull requests it reviews the flows' changes against the base branch in one comment
(\`flowctl diff --base "origin/$BASE_REF" flows --format markdown --comment\`, updated on each push):
the checkout has the whole history (\`fetch-depth: 0\`) and the workflow may write pull requests
(\`permissions: contents: read, pull-requests: write\`); a pull request from a fork, whose token is
read-only, gets its review in the job's log only. When the flows folder holds \`*.flowtest.json\`
files, the step \`Conversation tests\` replays them (\`flowctl test flows --format json\` into
\`flow-test-result.json\`; it fails the job when a test fails) and the review, which runs after failed
tests too, appends their result (\`--test-report flow-test-result.json\`).
\`--plan <id>\` names the example's plan (default \`example\`). It never overwrites the flow or the
workflow: when either exists, nothing is written (exit 1, code \`EXISTS\`). Then \`npm install\`
(which writes the \`package-lock.json\` that \`npm ci\` needs).

flowctl installs from its tarball (\`pnpm --filter flowctl run tarball\` in the repository writes
\`apps/flowctl/flowctl-<version>.tgz\`): everything it runs is bundled, so
\`npm install -D ./flowctl-<version>.tgz\` or \`npm i -g ./flowctl-<version>.tgz\` needs no registry.
`,
    samples: [{ command: 'flowctl init my-agent', showOutput: true }],
  },
  generate: {
    details: `
Asks the model for a workflow (spec section 4, assistant generation) and writes it as a new flow:
the model gets a system message describing the node kinds, Flow's function types and the exact JSON
shape (\`{ nodes: [{ type, label, description, prompt, emoji }], lastUpdated }\`), and the description
as the user message. The JSON object is taken from its reply (plain, in a fence or among prose); a
reply that is not the schema is answered once with what was wrong. The nodes become one chain of
\`emptyFlow(plan, version)\`, in order: a \`prompt\` node keeps its prompt, named by the label with the
emoji as badge; a \`function\` node becomes an Instruct function (name = label, its description,
\`metadata.prompt\` = prompt, \`trigger_text\` = emoji): the core's \`addGeneratedChain\`, which the
editor's Generate Flow uses too. The result passes \`flowctl validate\`.

The model is \`run\`'s: \`--model-url\` (\`FLOW_MODEL_BASE_URL\`, or \`modelBaseUrl\` in the config file),
\`--model\` (\`FLOW_MODEL\`, or \`model\`) and, when the endpoint needs one, the key \`FLOW_MODEL_API_KEY\`
(never a flag, a file or any output). \`-p, --plan <id>\` (default: the config file's \`plan\`, else
\`generated\`) and \`--version <name>\` (default \`production\`) name the new flow. Without
\`-o, --output <file>\` the canonical file goes to stdout and the list of nodes to stderr; with it the
file is written atomically (an existing one is replaced, and the output says so). \`--json\` prints
\`{ ok, file, overwritten, planId, versionName, nodes: [{ id, name, type, functionType, emoji }] }\`,
plus the flow as \`doc\` when there is no \`-o\`.

Exit 2 for no description (or one over 4,000 characters), a bad plan id or version name, or no model
configured (the message names the variables to set); 3 when the model call fails
(\`Failed to generate workflow: {reason}\`, code \`GENERATE_FAILED\`); 1 when the model's second answer
is still not the workflow schema (\`Invalid JSON schema returned: {what was wrong}\`, code
\`INVALID_JSON_SCHEMA\`). Nothing is written then.
`,
    samples: [
      {
        command:
          'flowctl generate --description "A support agent that looks up orders and hands over to a person" -o generated/production.flow.json',
        showOutput: true,
      },
    ],
  },
  validate: {
    details: `
Checks each file against the JSON Schema of \`flow/1\` and every rule: the spec's (a node cannot
connect to itself, one incoming edge per node, a flow needs a chain, no disconnected node) and the
format's invariants (one outgoing edge per node, edges between existing nodes with ids
\`edge-{source}-to-{target}\` and the right \`kind\`, chains numbered 1, 2, … without gaps, a function's
\`post_action_function_id\` equal to its follow-up, \`uuid\` equal to the node id, unique ids, no loop of
follow-ups, a \`startNodeId\` that is a node), plus the per-function rules (slider ranges, options,
unknown function types and models, secrets in plain text; the last three are warnings), and the file
itself: UTF-8 only, no repeated keys, a BOM only warns. Every finding has a stable code: the table of
all codes is in [flow-format.md](flow-format.md#rules-validateflow-enforced-by-every-graph-operation).
Exit 1 when any error is found; warnings alone exit 0.

\`--format text\` (default) prints \`file:line:col  path  message  code\`, then a summary;
\`--format github\` prints workflow commands that GitHub shows as annotations on the pull request,
titled by the code; \`--format sarif\` prints a SARIF 2.1.0 log for code scanning (every rule with its
code, default level and what it finds, one result per finding); \`--format junit\` prints JUnit XML for
CI test views (one test case per file, a failure per error, warnings as its output); \`--format json\`
(same as \`--json\`) prints \`{ format, files: [{ file, ok, findings: [{ file, code, path, severity,
message, line, column }] }], errors, warnings, maxWarnings, unmatched }\`. \`--max-warnings <n>\` fails
the run (exit 1, \`flowctl found too many warnings (maximum: n).\` on stderr) when there are more
warnings than n. With no file named, the config file's \`files\` are checked; \`-\` reads stdin.
`,
    samples: [
      { command: 'flowctl validate flows', showOutput: true },
      { command: 'flowctl validate bad.flow.json', showOutput: true, exitCode: 1 },
      { command: 'flowctl validate bad.flow.json --format github', showOutput: true, exitCode: 1 },
      { command: 'flowctl validate bad.flow.json --format junit', showOutput: true, exitCode: 1 },
      { command: 'flowctl validate flows --max-warnings 0', showOutput: true },
    ],
  },
  fmt: {
    details: `
Rewrites files in canonical form: stable key order, nodes by chain then walk order, 2-space indent,
trailing newline (what the editor and the local provider write). Plain secrets become
\`{ "env": "FLOW_<NODE>_<FIELD>" }\` references, each named on stderr, unless \`--keep-secrets\`.
Writes are atomic. With \`--check\` nothing is written: the files that would change are listed one
a line and the exit code is 1 when there is any. A file that cannot be parsed as a flow (not UTF-8,
not JSON, another format, against the schema) is reported and left alone (exit 1); the rules are
\`validate\`'s business, so a flow with findings is still formatted. \`fmt -\` formats stdin and prints
the canonical form on stdout (with \`--check\`, only whether it would change). With no file named, the
config file's \`files\` are formatted.
`,
    samples: [
      { command: 'flowctl fmt --check flows', showOutput: true },
      { command: 'flowctl fmt --check edited.flow.json', showOutput: true, exitCode: 1 },
    ],
  },
  diff: {
    details: `
Semantic differences: metadata (\`planId\`, \`versionName\`, \`startNodeId\`), prompts (\`agentContext\`,
\`agentNotes\`, \`systemPrompt\`, line by line), nodes added, removed and changed (with the changed
fields, such as \`data.metadata.temperature\`), edges, the chains (node names in walk order) and
saved workflows. Positions, the viewport, \`$schema\`, key order and the order of nodes and edges
in the file are ignored, so a flow moved on the canvas has no differences. Secrets are never shown:
a key written in plain text appears as \`(secret N)\`, the same N for the same value, so a changed key
reads \`data.metadata.api_key.key: "(secret 1)" → "(secret 2)"\`. Exit 0 either way; \`--exit-code\`
exits 1 when the flows differ.

Each side is a file or a git revision and a path, \`origin/main:flows/support-desk/production.flow.json\`
(read with \`git show\`, the path relative to the current folder). \`--base <rev>\` compares every
flow file (\`*.flow.json\`) under the paths named (default: the config file's \`files\`, else \`flows\`)
between the revision and the working tree, new files not yet committed included: each file whose
text differs is reported, an added file as a diff from an empty flow (all its nodes added), a
removed one as a diff to an empty flow. A revision this clone lacks (pull-request checkouts are
shallow) exits 4 with \`Revision origin/main not found: fetch it first: git fetch origin main\`.

\`--format markdown\` prints a review for a pull-request comment: per flow file a heading, a one-line
summary (nodes added, removed and changed, chains touched, prompt lines changed; a flow only moved
reads \`No semantic changes\`), a table of the changed nodes (the field, before → after, long texts
as their changed lines), the compiled system prompt as a unified diff (folded in \`<details>\` past
40 lines) and a Mermaid flowchart of the touched chains, added, changed and removed nodes styled
and named in a legend (a diagram of more than 300 nodes is left out). Secrets are masked there
too. \`--format json\` is \`--json\`.

\`--comment\` posts the markdown review (whatever \`--format\` prints) as one comment on a GitHub pull request, through the REST API, and
prints \`Posted the review comment: <url>\`; the next run finds that comment by its hidden first line
\`<!-- flowctl-review -->\` (on any page of the pull request's comments) and updates it instead
(\`Updated the review comment: <url>\`). With no semantic change the comment says so. It reads
\`GITHUB_TOKEN\` (never printed; in a workflow \`\${{ secrets.GITHUB_TOKEN }}\` with
\`permissions: pull-requests: write\`), \`GITHUB_REPOSITORY\` (\`owner/name\`), \`GITHUB_API_URL\`
(default \`https://api.github.com\`; https, or http on this machine) and the pull request from the
event at \`GITHUB_EVENT_PATH\`, or \`--pr <number>\`; GitHub Actions sets all but the token. A
review longer than GitHub's 65,536-character limit is cut, with a note. A variable missing is a
usage error (exit 2) that names it; an error from GitHub (a refused token, a missing repository)
exits 3 with GitHub's status and message and what to check.

\`--test-report <file>\` adds the conversation tests' result to the review: the file is what
\`flowctl test --format json\` printed, and its markdown follows the flows' review in the comment and
in what \`--format markdown\` prints: the pass rate (and the baseline's, with \`--baseline\`), a table
per test file (each case's pass rate, runs and time), the regressions with their reasons, the
improvements and the failing cases, folded. A long review is cut before it, so the tests' part stays
whole. A file that cannot be read, is not JSON or is not such a result (\`--test-report result.json is
not a flow-test-result/1 result (flowctl test --format json): format is "flow-cassette/1"\`) exits 1
before anything is posted; without \`--comment\` or \`--format markdown\` it is a usage error (exit 2).
`,
    samples: [
      { command: 'flowctl diff flows/support-desk/production.flow.json edited.flow.json', showOutput: true },
      { command: 'flowctl diff flows/support-desk/production.flow.json edited.flow.json --format markdown', showOutput: true },
    ],
  },
  compile: {
    details: `
Prints the system prompt as a model receives it: the prefix (agent context), the compiled
message (one section per chain in walk order) and the suffix (agent notes), blank lines between.
Offline with the core compiler by default; \`--remote\` asks the provider's
\`generate_system_prompt\` instead. \`-o, --output <file>\` writes it to a file (the JSON of the
three parts with \`--json\`). A flow without nodes fails with \`Error: No chains in flow\` (exit 1).
An invalid flow (any finding of severity error, as \`flowctl validate\` reports it) is refused: its
findings are printed as \`validate\` prints them, on stderr (in \`error.findings\` with \`--json\`), code
\`INVALID_FLOW\`, exit 1; \`--force\` compiles it anyway.
\`--json\` prints \`{ file, remote, system_message, system_message_prefix, system_message_suffix }\`.
`,
    samples: [{ command: 'flowctl compile bad.flow.json', showOutput: true, exitCode: 1 }],
  },
  fetch: {
    details: `
Builds a flow document from a provider. From a provider with the whole-document endpoint
(\`GET /api/flows/{planId}/{versionName}\`, the local provider) it takes that document, positions
included; from any other it fetches the workflows, functions and system prompt, deconstructs the
prompt into steps and rebuilds the nodes per step as the editor does (spec section 4). The spec's
calls carry less than a document: positions come from the editor's placement, and chains linked
function to function come back as one chain. Without \`-o, --output <file>\` the canonical document
goes to stdout (with \`--json\` it is the JSON value). Secrets become \`{ "env" }\` references unless
\`--keep-secrets\`. Fetching twice writes the same bytes. A plan version the provider does not have
is an error (\`Plan not found: {planId}/{versionName}\`, code \`PLAN_NOT_FOUND\`, exit 4): nothing is
written. Loading is the core's plan session, the same code the editor loads with.

With \`-o <name>.flow.json\`, the version's tests (\`GET /api/flows/{planId}/{versionName}/tests\`)
are written beside the flow when the provider has any: \`<name>.flowtest.json\`, its \`"flow"\`
naming \`<name>.flow.json\`, and \`<name>.cassette.json\` when they have a cassette (\`tests\` lists
them in \`--json\`); nothing is written for a version without tests.
`,
    samples: [{ command: 'flowctl fetch --plan support-desk --version staging -o staging.flow.json', showOutput: true, exitCode: 4 }],
  },
  publish: {
    details: `
Validates the file first (findings, exit 1, nothing sent). Then it compiles the flow and publishes
it with the core's plan session, the same code as the editor's Play: to a provider that keeps
documents, one \`POST /api/flows/{planId}/{versionName}/publish\` that stores the document and
records the publish as one atomic change, with \`If-Match\` of the version it has just read, so a
flow changed meanwhile is refused (code \`CONFLICT\`, exit 3) and never overwritten; to any other
provider, \`update-functions\` with every function in walk order, then \`system-prompt-custom\` with
the compiled prompt, the agent context as prefix and the agent notes as suffix.

Secrets follow the core's one secret policy (\`packages/core/src/secrets/\`): a secret written in
plain text (\`api_key\`, a \`bearer_token\`, an Authorization or API-key header) is refused before any
call (code \`PLAIN_SECRET\`, exit 1) with one line per field, naming the field and the \`flowctl fmt\`
fix. A provider with a secret store (the local provider, wherever it runs: \`GET /api/secrets\`
answers) gets the \`{ "env": "NAME" }\` references as they are and fills them in itself, so secrets
never travel with a flow nor land in its files; each name its store lacks is a warning (\`Secret
NAME is not set on the provider: set it with flowctl secrets set NAME\`, and \`unsetSecrets\` in
\`--json\`), and the publish goes on. A provider without one (the spec's hosted provider) gets the
values of this environment: every variable the flow names must be set, or the publish stops naming
it (code \`MISSING_ENV\`, exit 2). No output of publish,
in any format, shows a secret. Prints what changed, \`Changes are now published to Dashboard\` and the
dashboard's address.

The plan version published to is the file's \`planId\`/\`versionName\`, and the file's path must say
the same (\`<planId>/<versionName>.flow.json\`, the layout of \`flows/\`, \`init\` and the local
provider), so a file copied or renamed by mistake never overwrites another plan version: a path that
disagrees is refused before any call (code \`PATH_MISMATCH\`, exit 2). \`-p, --plan <id>\` and
\`--version <name>\` name the target instead (each defaults to the file's), e.g. to promote a
\`staging\` file to \`production\`.

The file's \`workflows\` are published too: each one new or different from the provider's copy is
saved (\`POST /api/workflows/save\`) before the flow, so no step names a workflow the provider lacks;
workflows on the provider that the file does not list are left alone.

The tests beside the file are published too: when \`<name>.flowtest.json\` (and
\`<name>.cassette.json\`, if there is one) sit beside \`<name>.flow.json\`, they are checked before
any call (a file that is not tests: code \`BAD_TESTS\`, exit 1, naming it) and sent after the flow
(\`PUT /api/flows/{planId}/{versionName}/tests\`, with \`If-Match\` of the tests it read, so tests
changed meanwhile are refused); \`tests\` names the test file in \`--json\`, null when there is none.

\`--dry-run\` changes nothing: it prints what a publish would change on the provider (the same
semantic diff as \`flowctl diff\`, against what the provider holds; fields the provider owns, such as
\`plan_id\` and timestamps, are ignored), or \`No changes: …\` when the provider already matches. With
\`--detailed-exitcode\` a dry run exits as \`terraform plan\` does: 0 no change, 2 changes, 1 any error.
`,
    samples: [
      { command: 'flowctl publish edited.flow.json --dry-run', showOutput: true, exitCode: 2 },
      { command: 'flowctl publish edited.flow.json --plan support-desk --dry-run', showOutput: true },
      { command: 'flowctl publish edited.flow.json --plan support-desk', showOutput: true },
      { command: 'flowctl publish edited.flow.json --plan support-desk --dry-run --detailed-exitcode', showOutput: true },
    ],
  },
  'workflows list': {
    details: `
The plan's saved workflows: id, name, updated date and description (\`No description\` when empty;
\`No workflows found for this plan\` when there is none). \`--json\` prints
\`{ planId, workflows: [{ id, name, updated_at, description, steps }] }\`.
`,
    samples: [{ command: 'flowctl workflows list --plan lead-qualifier', showOutput: true }],
  },
  'secrets set': {
    details: `
Sets one secret in the provider's secret store, which is where the provider (its Playground and
hosted sessions) finds the \`{ "env": NAME }\` references of a flow: never in its own environment.
The value comes from standard input (one trailing newline is dropped, as \`echo\` adds) or, on a
terminal, from a prompt that does not echo; it is never an argument, so it stays out of shell
history and process lists, and no output shows it. The provider keeps it encrypted (AES-256-GCM,
key from \`FLOW_SECRETS_KEY\` or a key file of mode 600 in its data folder). Names are letters,
digits and \`_\`, starting with a letter; the provider's own settings (\`FLOW_MODEL_API_KEY\`,
\`FLOW_TOKEN\`, \`FLOW_SECRETS_KEY\`, the database's address and password, …) are refused.
\`--json\` prints \`{ name, change }\` (\`created\` or \`updated\`).

\`flowctl run\` and \`flowctl test\` keep reading secrets from your own environment, as on any
developer's machine.
`,
    samples: [{ command: 'flowctl secrets set ORDERS_API_TOKEN', stdin: 'the-token\n', showOutput: true }],
  },
  'secrets list': {
    details: `
The names in the provider's secret store and when each was set. Values never leave the provider:
no call returns one. \`--json\` prints \`{ apiUrl, secrets: [{ name, updatedAt }] }\`.
`,
    samples: [{ command: 'flowctl secrets list', showOutput: true }],
  },
  'secrets delete': {
    details: `
Removes one secret; a flow that names it gets 'Secret NAME is not set on the provider' in the
Playground's trace and in the provider's answers to a save or publish. Exit 4 when there is no
such secret.
`,
    samples: [{ command: 'flowctl secrets delete ORDERS_API_TOKEN', showOutput: true }],
  },
  'keys create': {
    details: `
Creates an agent key: what lets another app, a chat client (OpenAI-compatible \`/v1\`, MCP at
\`/mcp\`) or a web page (the embeddable chat) talk to the provider's **published** agents. The key
(\`flow_sk_\` and 32 random bytes) is printed once, alone on stdout so it can be piped into a secret
manager; the provider keeps only its SHA-256 and cannot show it again. An agent key opens nothing
else: the editor's routes, \`/api/*\` and the dashboard refuse it.

\`--agent\` (repeatable) binds the key to agents: \`PLAN\` is the plan's production version,
\`PLAN/VERSION\` another version; without it the key may use every published agent. \`--origin\`
(repeatable) names the web pages that may use it from a browser (\`https://shop.example.com\`,
exact origins, no path): CORS answers them alone, and a key without origins is refused to every
browser. \`--rate\` is its limit of requests a minute (default 60), counted by the provider (in the
database with \`--database\`, one count for all servers). \`--json\` prints
\`{ name, key, prefix, agents, origins, rate, created, lastUsed, note }\`.
`,
    samples: [{ command: 'flowctl keys create --name web-shop --agent support-desk --origin https://shop.example.com', showOutput: true }],
  },
  'keys list': {
    details: `
The provider's agent keys: name, prefix (\`flow_sk_\` and 6 characters, to tell keys apart),
agents (\`all\`: every published agent), origins, rate, when each was created and last used. Never
a key. \`--json\` prints \`{ apiUrl, keys: [{ name, prefix, agents, origins, rate, created, lastUsed }] }\`.
`,
    samples: [{ command: 'flowctl keys list', showOutput: true }],
  },
  'keys revoke': {
    details: `
Revokes a key: every server of the provider refuses it from the next request on (401
\`invalid_api_key\`). Exit 4 when there is no such key.
`,
    samples: [{ command: 'flowctl keys revoke web-shop', showOutput: true }],
  },
  'conversations list': {
    details: `
The conversations the provider served of a plan's published agents (\`PLAN\`, or \`PLAN/VERSION\` for
one version), newest first: when each was last updated, its id, version, the agent key it was
served to, how many user and assistant messages it has and its first message. \`--search <text>\`
keeps those whose user or assistant messages contain the text (any case; tool outputs are not
searched). \`--limit <n>\` (default 50, at most 200) caps the page. \`--json\` prints
\`{ apiUrl, planId, versionName, search, conversations: [{ id, planId, versionName, keyName,
createdAt, updatedAt, preview, messages }], next }\` (\`next\` is the \`before\` of the following page of
\`GET /api/conversations\`, null at the end).

The provider keeps a conversation \`--keep-days\` days (default 30) after its last message, and never
a secret in plain text: the values of the flow's secrets are masked (\`***\`) in every message, tool
argument and output it stores.
`,
    samples: [{ command: 'flowctl conversations list support-desk', showOutput: true }],
  },
  'conversations show': {
    details: `
One conversation whole: each user and assistant message in order (the tokens each answer used) and,
between them, each tool call with its arguments, its output (or error) and how long it took.
\`--json\` prints \`{ conversation: { id, planId, versionName, keyName, createdAt, updatedAt, preview,
messages, entries: [{ kind: "user" | "assistant" | "tool", at, … }], variables, usage } }\`.
Exit 4 when the provider has no such conversation.
`,
    samples: [{ command: 'flowctl conversations show conv_AAAAAAAAAAAAAAAAAAAAAA', showOutput: true, exitCode: 4 }],
  },
  run: {
    details: `
Runs the flow as an agent with the runtime (\`@flow/runtime\`): the compiled system prompt (prefix,
message, suffix), each function node offered as one tool named after the node (\`Look up order\` is
\`look_up_order\`) and described by its description, and a chat loop against any OpenAI-compatible
Chat Completions endpoint (OpenAI, Ollama, vLLM, LM Studio…): \`--model-url\` (\`FLOW_MODEL_BASE_URL\`,
or \`modelBaseUrl\` in the config file) and \`--model\` (\`FLOW_MODEL\`, or \`model\`); the key, when the
endpoint needs one, is \`FLOW_MODEL_API_KEY\` (never a flag or a file). For Ollama:
\`FLOW_MODEL_BASE_URL=http://127.0.0.1:11434/v1 FLOW_MODEL=llama3.1\`. Replies stream when the endpoint
streams.

Tools run for real: \`http_calls\` makes its requests (its parameters are the \`{{variables}}\` its
request uses, captured values as defaults, and one that has no value is never sent as \`{{name}}\`:
the call is not made and the model is told which to ask the user for; the bearer token from its
\`{ "env": NAME }\` variable; the output mapping into variables; its result message), \`capture_variables\` keeps the values,
\`custom_gpt\` makes its own model call (its prompt, temperature and max tokens; JSON output into
variables), \`instruct\` gives its text, \`send_workflow\` its hosted link, \`mcp_tool\` calls its MCP
server's tool (the official MCP client over streamable HTTP, through the same guard as HTTP tools;
the model is offered the tool's own input schema minus the inputs \`arguments\` fixes, and gets the
tool's text and structured content, or its error); a step whose post action is a
function runs that function next. Types that need a service the runtime lacks say "not available in
this runtime". HTTP tools, MCP servers and workflow webhooks refuse private, loopback and link-local addresses
(IPv4 inside IPv6 too; also after a redirect, and for names that resolve to one) unless
\`--allow-private-network\` (\`FLOW_RUNTIME_ALLOW_PRIVATE=1\`); they follow at most 5 redirects, drop
credential headers (Authorization, Cookie, X-Api-Key…) when a redirect leaves the origin, and turn a
303 (or a 301/302 after a POST) into a GET without its body. The model's arguments are encoded for
where they go: one path segment (\`.\` and \`..\` refused), a query or form value (\`&\` and \`=\` cannot
add a field), a JSON string; a header value with a line break is refused. Each call has a timeout
and a size cap, a turn at most 8 tool calls. Secrets go to the tools only, never into a message;
URLs are shown without their user name and password.

\`--message <text>\` runs one turn: the reply on stdout, each tool call on stderr; \`--json\` prints the
trace \`{ file, reply, toolCalls: [{ name, functionType, nodeId, arguments, output, error, followUp, ms }],
turns }\`. Without it, in a terminal, a chat (\`/reset\`, \`/exit\`). Exit 2 when no model is configured,
3 when the model fails, 5 when a tool failed (the reply is still printed).

\`-w, --workflow <name>\` runs one of the file's saved workflows (by name or id) step by step instead:
a \`form\` step asks its fields (on a terminal, or from \`--input name=value…\`), a \`message\` step says
its text (with \`{{variables}}\`), a \`model\` step asks the model its \`prompt\`, and every other skill
calls the webhook configured for it: \`FLOW_SKILLS\` (JSON: skill name → URL) or \`skills\` in the
config file, posted \`{ skill, step, config, variables }\`; a JSON object answer sets variables. A
skill with no webhook stops the run, said as not configured (exit 5), and so does a failed step.
`,
    samples: [{ command: 'flowctl run flows/support-desk/production.flow.json --message "Hi, where is my order?"', showOutput: true }],
  },
  test: {
    details: `
Conversation tests, kept next to the flow in \`*.flowtest.json\` files (folders expand to them):

\`\`\`json
{
  "flow": "production.flow.json",
  "tests": [
    {
      "name": "looks up an order",
      "turns": [
        {
          "user": "Where is order NW-104233?",
          "expect": {
            "toolCalls": [{ "name": "look_up_order", "arguments": { "order_number": "NW-104233" } }],
            "variables": { "status": "shipped" },
            "reply": { "contains": "shipped", "matches": "NW-\\\\d+", "json": { "path": "status", "equals": "shipped" } }
          }
        }
      ]
    }
  ]
}
\`\`\`

The file is read strictly: a key the format does not know is an error naming it and its line
(\`tests[0].turns[1].expect: unknown key "judgee" (line 14)\`), so a misspelt expectation never
passes unchecked.

Each turn sends the user's message to the flow's agent (as \`flowctl run\` does) and checks what it
did: the tool calls it made, in that order (by name, with at least those arguments; \`noToolCalls\`
for none), the variables, and the reply (\`contains\`, \`matches\` a regular expression, \`json\`: the
value at a path of the JSON in the reply). \`judge\` asks a model instead: \`{ "rubric": "Gives the
tracking link and invents no date" }\` sends the rubric, the conversation and the reply to the judge
(\`--judge-model\`, by default the flow's model at the same endpoint), asked for a JSON object
\`{ "pass": boolean, "reason": string }\`; the verdict and its reason are reported, and an answer that
is not that object fails the assertion.

A test may run over cases: \`"cases": "orders.jsonl"\` (a file beside the test file, one case a line)
or a list of cases in the file. A case \`{ "name"?, "vars": { "order": "NW-104233" } }\` fills
\`{{order}}\` in the test's turns (messages and expectations); \`{ "name"?, "turns": [...] }\` has turns
of its own. Each case is reported as its own test, \`{test} › {case}\` (\`case 1\`, \`case 2\`… when it
has no name); a bad line is an error naming the file and the line.

Instead of \`turns\`, \`"simulate": { "persona": "A customer in a hurry", "goal": "Learn whether NW-104233
has shipped", "maxTurns": 6 }\` lets a second model (the judge's) play the user, one JSON answer
\`{ "message", "goalReached" }\` a turn, until its goal is reached or \`maxTurns\` (default 6) turns are
taken; then the test's own \`expect\` (the same checks, \`judge\` included) checks the whole
conversation: every tool call made, the variables at the end and the last reply.

By default each case replays its cassette (\`<name>.cassette.json\` beside the test file: the model's
answers, the HTTP and MCP tools' results, each MCP server's tool listing, and the judge's and
simulated user's answers, by case), with no model and no network, so it is deterministic in CI.
\`--record\` talks to the model (\`FLOW_MODEL_BASE_URL\`, \`FLOW_MODEL\`) and the flow's services and
writes the cassette; \`--live\` talks to them and writes nothing. Both compare each MCP tool's input
schema with the one the existing cassette recorded: a change fails the case with a \`toolSchema\`
check naming it (\`the MCP tool check_stock of http://… changed its input schema since the
recording: input quantity added (required)\`). \`--repeat <n>\` runs each case n times when recording or live (a
replay runs once; a recording keeps each case's first run) and reports each case's pass rate;
\`--concurrency <n>\` (default 4) runs that many cases side by side, results still in file order.
\`--format junit\` writes JUnit XML (one suite per file, one test case per case), \`--format json\` (or
\`--json\`) the result (\`flow-test-result/1\`). Exit 1 when a case fails; with \`--min-pass-rate <r>\`
(0 to 1), exit 1 only when the pass rate over all runs is below r (or a file could not run).
`,
    samples: [{ command: 'flowctl test flows', showOutput: true }],
  },
  session: {
    details: `
Creates a hosted session of a saved workflow (\`POST /api/sessions/create-with-link\`) and prints
its link alone on stdout, so it can be piped. \`--open\` also opens it in a browser: \`$BROWSER\` when
set (\`BROWSER=none\` opens nothing), else \`open\`, \`xdg-open\` or \`start\`.
`,
  },
  serve: {
    details: `
Runs the local provider: every call of the spec over a folder of flow files (\`-d, --dir <dir>\`,
seeded from the repository's \`examples/\` when empty), on \`--port <port>\` (\`0\` picks a free one)
and \`--host <host>\`, plus the built editor (\`apps/editor/dist\`, or \`FLOW_EDITOR_DIR\`) when it
exists. With \`--token\` (or \`FLOW_TOKEN\`) the provider is shared safely: every route but the
sign-in page and the editor's static files needs the token, as the bearer header (flowctl and other
clients) or as the session cookie a browser gets by signing in at \`/signin\` ('Token'); writes a
browser sends from another site are refused. Any address other than loopback requires a token. Only
Host names it was told about are answered (DNS rebinding): loopback names, the bound address,
\`--public-url <url>\` (\`FLOW_PUBLIC_URL\`, the address people use, which hosted links are built from)
and \`--allow-host <names>\` (comma-separated; \`.example.com\` allows every subdomain); others get 403.
After 5 wrong tokens in a minute (by the sign-in form and the bearer header together) a client gets
429 with \`Retry-After\`, whatever token it sends, until the oldest of them is a minute old. A client
is the socket's address; behind a reverse proxy, \`--trust-proxy\` makes it the right-most \`X-Forwarded-For\` entry (the one the proxy appends),
so that one person's wrong tokens do not make everyone wait: give it only when nothing but the proxy
can reach the server. \`--open\` opens the editor in a browser. It runs until Ctrl+C
(SIGINT) or SIGTERM, and prints its address, the data folder, the editor's folder and a link to each
plan. With \`--json\` it prints \`{ url, dir, database, editorDir, tokenRequired, opened, plans }\` once it listens.
The conversations its published agents served are deleted \`--keep-days <days>\` (default 30) after
their last message, at start and then every hour.

With \`--database <url>\` (or \`FLOW_DATABASE_URL\`) the flows, publishes, workflows and sessions are
kept in that PostgreSQL database instead of the folder, and several servers may share it (see
[deployment.md](deployment.md)): it is migrated at start, once however many servers start together.
A database that cannot be reached stops the start with a message naming it (never its password),
exit 3; while running, a request that finds it unreachable gets 503 with \`Retry-After\`, and the
server reconnects by itself.
`,
    samples: [{ command: 'flowctl serve --dir flows --open', readyWhen: 'Press Ctrl+C to stop' }],
  },
  'db import': {
    details: `
Copies a data folder (the folder store \`flowctl serve --dir\` keeps: flows and their tests,
publish records, workflows, sessions) into the PostgreSQL database \`--database\` names (or \`FLOW_DATABASE_URL\`, as
here), in one transaction: all of it or nothing. The database must hold no flows yet; it is migrated
first. Files that are not data of the store are left out and named on stderr. Exit 3 when the
database cannot be reached, 2 when it already holds flows.
`,
    samples: [{ command: 'flowctl db import flows', showOutput: true, database: true }],
  },
  'db export': {
    details: `
Writes every flow (its tests beside it), publish record, workflow and session of the database as a data folder, into a
new or empty folder (one snapshot, even while servers write). What a folder store wrote and
\`db import\` moved comes back byte for byte, so \`db export\` is also a backup in files that git
and \`flowctl validate\` read; for the database itself use \`pg_dump\` (see
[deployment.md](deployment.md)). Exit 2 when the folder is not empty.
`,
    samples: [{ command: 'flowctl db export backup', showOutput: true, database: true }],
  },
  completion: {
    details: `
Prints the completion script of a shell, made from the same command definitions as this page:
commands, the \`workflows\` subcommands, each command's options and the values of \`--format\`.
bash: \`source <(flowctl completion bash)\` (in \`~/.bashrc\`); zsh: \`source <(flowctl completion zsh)\`
after \`compinit\`; fish: \`flowctl completion fish | source\` (or save it under
\`~/.config/fish/completions/flowctl.fish\`).
`,
  },
};
