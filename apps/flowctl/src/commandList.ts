import type { CommandSpec, OptionSpec } from './commandSpec.js';
import { DIFF_FORMATS, TEST_FORMATS, VALIDATE_FORMATS } from './formats.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:4321';

/** Options of every command. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { flags: '--api-url <url>', description: 'provider address', env: 'FLOW_API_URL', default: DEFAULT_API_URL, config: 'apiUrl' },
  { flags: '--token <token>', description: 'bearer token of the provider (never printed)', env: 'FLOW_TOKEN' },
  { flags: '--json', description: 'print one JSON value on stdout, errors included' },
  { flags: '-q, --quiet', description: 'print only results and errors' },
];

const plan: OptionSpec = { flags: '-p, --plan <id>', description: 'plan id', required: true, config: 'plan' };
const version: OptionSpec = { flags: '--version <name>', description: 'version name', default: 'production', config: 'version' };

/** Where the model is (`run`, `test`, `generate`); its key is FLOW_MODEL_API_KEY, never a flag. */
const MODEL_OPTIONS: readonly OptionSpec[] = [
  { flags: '--model <name>', description: 'the model at the endpoint', env: 'FLOW_MODEL', config: 'model' },
  {
    flags: '--model-url <url>',
    description: 'an OpenAI-compatible endpoint (Ollama: http://127.0.0.1:11434/v1)',
    env: 'FLOW_MODEL_BASE_URL',
    config: 'modelBaseUrl',
  },
];

/** How the runtime reaches its model and what its HTTP tools may call (`run`, `test`). */
const RUNTIME_OPTIONS: readonly OptionSpec[] = [
  ...MODEL_OPTIONS,
  {
    flags: '--allow-private-network',
    description: "let the flow's HTTP tools call private, loopback and link-local addresses",
    env: 'FLOW_RUNTIME_ALLOW_PRIVATE',
  },
];

/** Commands that only group others (`workflows list`). */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  workflows: "the plan's saved workflows (list)",
  db: 'a PostgreSQL database of the provider: import a data folder into it, export it as one',
  secrets: 'the provider\'s secret store, which flows read as { "env": NAME } (set, list, delete)',
  keys: 'agent keys, which open the published agents (/v1, /mcp) and nothing else (create, list, revoke)',
  conversations: "the provider's log of its served agents' conversations (list, show)",
};

/** The database `serve` and `db` work on. */
const database: OptionSpec = {
  flags: '--database <url>',
  description: 'the PostgreSQL database (postgres://user:password@host:5432/name); the password is never printed',
  env: 'FLOW_DATABASE_URL',
};

/** Every command of flowctl, in the order help lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'init',
    args: '[dir]',
    summary: 'scaffold a flows folder with an example flow and a CI workflow file',
    options: [{ flags: '--plan <id>', description: 'plan id of the example flow', default: 'example' }],
    example: 'flowctl init my-agent',
    load: () => import('./commands/init.js'),
  },
  {
    name: 'generate',
    args: '',
    summary: 'a new flow from a description: the model proposes the steps, added as one chain (function steps as Instruct functions)',
    options: [
      { flags: '--description <text>', description: 'what the agent should do, in plain words', required: true },
      { flags: '-o, --output <file>', description: 'write the flow to a file (replacing it) instead of stdout' },
      { flags: '-p, --plan <id>', description: 'plan id of the new flow', default: 'generated', config: 'plan' },
      { ...version, description: 'version name of the new flow' },
      ...MODEL_OPTIONS,
    ],
    example:
      'flowctl generate --description "A support agent that looks up orders and hands over to a person" -o generated/production.flow.json',
    load: () => import('./commands/generate.js'),
  },
  {
    name: 'validate',
    args: '[files...]',
    summary: 'check flow files against the schema and every rule (folders and globs expand to *.flow.json; - reads stdin)',
    options: [
      { flags: '-f, --format <format>', description: 'output format', choices: VALIDATE_FORMATS, default: 'text' },
      { flags: '--max-warnings <n>', description: 'exit 1 when there are more warnings than n' },
    ],
    example: 'flowctl validate flows --format github',
    load: () => import('./commands/validate.js'),
  },
  {
    name: 'fmt',
    args: '[files...]',
    summary: 'rewrite flow files in canonical form; secrets become { "env": NAME } references (- formats stdin to stdout)',
    options: [
      { flags: '--check', description: 'change nothing; list the files that would change and exit 1' },
      { flags: '--keep-secrets', description: 'leave secrets in the files' },
    ],
    example: 'flowctl fmt --check flows',
    load: () => import('./commands/fmt.js'),
  },
  {
    name: 'diff',
    args: '[flows...]',
    summary:
      'semantic differences of two flows (files or rev:path), or of every flow file since a git revision (--base): nodes, edges, chains, prompts, metadata (positions ignored)',
    options: [
      {
        flags: '--base <rev>',
        description: 'compare the flow files under the paths (default: config files, else flows) with this git revision',
      },
      {
        flags: '-f, --format <format>',
        description: 'output format (markdown: a pull-request review)',
        choices: DIFF_FORMATS,
        default: 'text',
      },
      { flags: '--exit-code', description: 'exit 1 when the flows differ' },
      {
        flags: '--comment',
        description: 'post the markdown review as one pull-request comment, or update the earlier one (GITHUB_TOKEN, GITHUB_REPOSITORY)',
      },
      { flags: '--pr <number>', description: 'the pull request to comment on (default: the one of GITHUB_EVENT_PATH)' },
      {
        flags: '--test-report <file>',
        description: 'a flowctl test --format json result: its pass rates, regressions and failures follow the markdown review',
      },
    ],
    example: 'flowctl diff --format markdown flows/support-desk/production.flow.json edited.flow.json',
    load: () => import('./commands/diff.js'),
  },
  {
    name: 'compile',
    args: '<file>',
    summary: 'the system prompt of a flow (prefix, message, suffix), offline by default',
    options: [
      { flags: '-o, --output <file>', description: 'write the prompt to a file instead of stdout' },
      { flags: '--remote', description: "compile with the provider's generate_system_prompt" },
      { flags: '--force', description: 'compile a flow that has findings of severity error' },
    ],
    example: 'flowctl compile flows/support-desk/production.flow.json -o prompt.txt',
    load: () => import('./commands/compile.js'),
  },
  {
    name: 'fetch',
    args: '',
    summary: 'build a flow document from a provider',
    options: [
      plan,
      version,
      { flags: '-o, --output <file>', description: 'write the flow to a file instead of stdout' },
      { flags: '--keep-secrets', description: 'keep secrets instead of { "env": NAME } references' },
    ],
    example: 'flowctl fetch --plan support-desk -o flows/support-desk/production.flow.json',
    load: () => import('./commands/fetch.js'),
  },
  {
    name: 'publish',
    args: '[file]',
    summary: 'validate, then update the functions and the custom system prompt on the provider (or roll back to an earlier publish)',
    options: [
      { flags: '-p, --plan <id>', description: "plan id to publish to (default: the file's planId, which its path must agree with)" },
      {
        flags: '--version <name>',
        description: "version name to publish to (default: the file's versionName, which its path must agree with)",
      },
      { flags: '--dry-run', description: 'show what would change on the provider and change nothing' },
      { flags: '--detailed-exitcode', description: 'with --dry-run: exit 0 for no change, 2 for changes, 1 for an error' },
      {
        flags: '--rollback <id>',
        description:
          "publish again the flow of an earlier publish (its id is on the dashboard), for the file's plan version or --plan and --version",
      },
    ],
    example: 'flowctl publish flows/support-desk/production.flow.json --dry-run',
    load: () => import('./commands/publish.js'),
  },
  {
    name: 'workflows list',
    args: '',
    summary: "the plan's saved workflows: id, name, updated date, description",
    options: [plan],
    example: 'flowctl workflows list --plan lead-qualifier',
    load: () => import('./commands/workflowsList.js'),
  },
  {
    name: 'secrets set',
    args: '<name>',
    summary: "set a secret in the provider's store: the value from stdin or a hidden prompt, never an argument",
    options: [],
    example: 'flowctl secrets set ORDERS_API_TOKEN',
    load: () => import('./commands/secretsSet.js'),
  },
  {
    name: 'secrets list',
    args: '',
    summary: "the names in the provider's secret store and when each was set (never a value)",
    options: [],
    example: 'flowctl secrets list',
    load: () => import('./commands/secretsList.js'),
  },
  {
    name: 'secrets delete',
    args: '<name>',
    summary: "remove a secret from the provider's store",
    options: [],
    example: 'flowctl secrets delete ORDERS_API_TOKEN',
    load: () => import('./commands/secretsDelete.js'),
  },
  {
    name: 'keys create',
    args: '',
    summary: 'create an agent key for the published agents: printed once, the provider keeps only its hash',
    options: [
      { flags: '--name <name>', description: "the key's name (letters, digits, - and _)", required: true },
      {
        flags: '--agent <plan/version...>',
        description: 'an agent it may use: PLAN (its production version) or PLAN/VERSION; none: every published agent',
      },
      {
        flags: '--origin <url...>',
        description: 'a web origin it may be used from in a browser (https://shop.example.com); none: no browser',
      },
      { flags: '--rate <n>', description: 'requests a minute (1 to 10000)', default: '60' },
    ],
    example: 'flowctl keys create --name web-shop --agent support-desk --origin https://shop.example.com',
    load: () => import('./commands/keysCreate.js'),
  },
  {
    name: 'keys list',
    args: '',
    summary: "the provider's agent keys: name, prefix, agents, origins, rate, created and last used (never a key)",
    options: [],
    example: 'flowctl keys list',
    load: () => import('./commands/keysList.js'),
  },
  {
    name: 'keys revoke',
    args: '<name>',
    summary: 'revoke an agent key: every request with it is refused at once',
    options: [],
    example: 'flowctl keys revoke web-shop',
    load: () => import('./commands/keysRevoke.js'),
  },
  {
    name: 'conversations list',
    args: '<plan>',
    summary: "a plan's served conversations, newest first (PLAN or PLAN/VERSION): when, key, messages, first message",
    options: [
      { flags: '--search <text>', description: 'only those whose user or assistant messages contain the text (any case)' },
      { flags: '--limit <n>', description: 'at most this many', default: '50' },
    ],
    example: 'flowctl conversations list support-desk/production --search refund',
    load: () => import('./commands/conversations.js').then((m) => ({ run: m.runList })),
  },
  {
    name: 'conversations show',
    args: '<id>',
    summary: 'one served conversation whole: its messages, and its tool calls with arguments, output and duration',
    options: [],
    example: 'flowctl conversations show conv_AAAAAAAAAAAAAAAAAAAAAA',
    load: () => import('./commands/conversations.js').then((m) => ({ run: m.runShow })),
  },
  {
    name: 'run',
    args: '<file>',
    summary: 'talk to the agent a flow file describes: one turn with --message, a chat in a terminal',
    options: [
      { flags: '-m, --message <text>', description: 'one user message: print the reply (--json: the whole trace) and exit' },
      { flags: '-w, --workflow <name>', description: "run one of the file's workflows step by step instead (its name or id)" },
      { flags: '--input <name=value...>', description: "answers to the workflow's form fields (asked on a terminal otherwise)" },
      ...RUNTIME_OPTIONS,
    ],
    example: 'flowctl run flows/support-desk/production.flow.json --message "Hi, where is my order?"',
    load: () => import('./commands/run.js'),
  },
  {
    name: 'test',
    args: '[files...]',
    summary: 'run the conversation tests of *.flowtest.json files, replayed from their cassettes (no network)',
    options: [
      { flags: '-f, --format <format>', description: 'output format', choices: TEST_FORMATS, default: 'text' },
      { flags: '--record', description: "talk to the model and the flows' services, and write each file's cassette" },
      { flags: '--live', description: "talk to the model and the flows' services, and write nothing" },
      {
        flags: '--judge-model <name>',
        description: "the model that judges replies and plays simulated users (default: the flow's model, same endpoint)",
      },
      { flags: '--repeat <n>', description: 'run each case n times when recording or live (a replay runs once)', default: '1' },
      { flags: '--concurrency <n>', description: 'cases run side by side', default: '4' },
      {
        flags: '--min-pass-rate <rate>',
        description: 'exit 1 only when the pass rate over all runs is below this (0 to 1); else any failure does',
      },
      {
        flags: '--baseline <file>',
        description: 'a previous flowctl test --format json result: each case marked a regression or an improvement against it',
      },
      ...RUNTIME_OPTIONS,
    ],
    example: 'flowctl test flows',
    load: () => import('./commands/test.js'),
  },
  {
    name: 'session',
    args: '<workflowId>',
    summary: 'create a hosted session of a saved workflow and print its link',
    options: [plan, { flags: '--open', description: 'open the link in a browser ($BROWSER when set)' }],
    example: 'flowctl session wf-book-demo --plan lead-qualifier --open',
    load: () => import('./commands/session.js'),
  },
  {
    name: 'serve',
    args: '',
    summary: 'the local provider over a folder of flow files (or a PostgreSQL database), plus the editor when it is built',
    options: [
      { flags: '-d, --dir <dir>', description: 'data folder', default: 'flows' },
      { ...database, description: `${database.description}: keep the flows there instead of the folder; several servers may share it` },
      { flags: '--port <port>', description: 'port (0 picks a free one)', default: '4321' },
      { flags: '--host <host>', description: 'address to bind', default: '127.0.0.1' },
      {
        flags: '--public-url <url>',
        description: 'the address people use to reach the provider: its host is allowed and hosted links are built from it',
        env: 'FLOW_PUBLIC_URL',
      },
      { flags: '--allow-host <names>', description: 'more Host names to answer, comma-separated (.example.com: every subdomain)' },
      {
        flags: '--secrets-from-env <names>',
        description: "copy these environment variables (comma-separated) into the provider's secret store at start",
      },
      {
        flags: '--trust-proxy',
        description: 'behind a reverse proxy: count wrong tokens per client as the proxy names it (the right-most X-Forwarded-For entry)',
      },
      { flags: '--keep-days <days>', description: 'days a served conversation is kept after its last update', default: '30' },
      { flags: '--open', description: 'open the editor in a browser ($BROWSER when set)' },
    ],
    example: 'flowctl serve --dir flows --open',
    load: () => import('./commands/serve.js'),
  },
  {
    name: 'db import',
    args: '<dir>',
    summary: 'copy a data folder (flows, publishes, workflows, sessions) into an empty PostgreSQL database, all or nothing',
    options: [{ ...database, required: true }],
    example: 'flowctl db import flows',
    load: () => import('./commands/db.js').then((m) => ({ run: m.runImport })),
  },
  {
    name: 'db export',
    args: '<dir>',
    summary: 'write a PostgreSQL database as a data folder (a new or empty one): the files the folder store would hold, byte for byte',
    options: [{ ...database, required: true }],
    example: 'flowctl db export backup',
    load: () => import('./commands/db.js').then((m) => ({ run: m.runExport })),
  },
  {
    name: 'completion',
    args: '<shell>',
    summary: 'print the completion script of a shell: bash, zsh or fish',
    options: [],
    example: 'flowctl completion bash',
    // The script is made from this list, handed in so that the command needs no import of this file.
    load: () =>
      import('./commands/completion.js').then((m) =>
        m.completionCommand({ commands: COMMANDS, globalOptions: GLOBAL_OPTIONS, groups: COMMAND_GROUPS }),
      ),
  },
];
