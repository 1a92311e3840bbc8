/** Where `flowctl init` writes the CI workflow. */
export const CI_WORKFLOW_FILE = '.github/workflows/flows.yml';

/** Where the workflow's test step writes the tests' result (`flowctl test --format json`) for the review. */
export const CI_TEST_RESULT_FILE = 'flow-test-result.json';

/**
 * `.github/workflows/flows.yml`: on pull requests and pushes that touch the flows, install the
 * project (flowctl is its dev dependency), validate (as annotations), check the canonical form and,
 * when the repository has a provider (the `FLOW_API_URL` variable), show what a publish of each
 * flow would change; replay the conversation tests (`*.flowtest.json`), their result in a file; on
 * pull requests, post the review of the flows' changes and the tests' result as one comment, also
 * when the tests failed (the job fails all the same).
 * `secretNames` are the `{ "env": NAME }` variables the flows use: a dry run against a remote
 * provider compares their values, so each comes from a repository secret.
 */
export function ciWorkflow(flowsDir: string, secretNames: readonly string[]): string {
  const glob = `${flowsDir}/**`;
  const secrets = secretNames.map((name) => `      ${name}: \${{ secrets.${name} }}\n`).join('');
  return `name: flows

on:
  pull_request:
    paths:
      - '${glob}'
      - '${CI_WORKFLOW_FILE}'
  push:
    branches: [main]
    paths:
      - '${glob}'
      - '${CI_WORKFLOW_FILE}'

permissions:
  contents: read
  # The review comment on pull requests (flowctl diff --comment).
  pull-requests: write

jobs:
  check:
    runs-on: ubuntu-latest
    env:
      # The provider to compare with (a repository variable) and its token (a secret); without
      # FLOW_API_URL the dry run is skipped. Add a secret for each { "env": NAME } your flows use.
      FLOW_API_URL: \${{ vars.FLOW_API_URL }}
      FLOW_TOKEN: \${{ secrets.FLOW_TOKEN }}
${secrets}    steps:
      - uses: actions/checkout@v4
        with:
          # The whole history, so that the review can read the base branch's flows.
          fetch-depth: 0
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - name: Install
        run: npm ci
      - name: Validate
        run: npx --no-install flowctl validate '${flowsDir}' --format github
      - name: Canonical form
        run: npx --no-install flowctl fmt --check '${flowsDir}'
      - name: What a publish would change
        if: env.FLOW_API_URL != ''
        run: |
          find '${flowsDir}' -name '*.flow.json' -print0 | sort -z | while IFS= read -r -d '' file; do
            npx --no-install flowctl publish "$file" --dry-run
          done
      - name: Conversation tests
        id: tests
        run: |
          if [ -z "$(find '${flowsDir}' -name '*.flowtest.json' -print -quit)" ]; then
            echo 'No *.flowtest.json files: no conversation tests to run'
            exit 0
          fi
          npx --no-install flowctl test '${flowsDir}' --format json > ${CI_TEST_RESULT_FILE}
      - name: Review
        # After failed tests too, so that the comment shows them.
        if: \${{ (success() || steps.tests.outcome == 'failure') && github.event_name == 'pull_request' }}
        env:
          GITHUB_TOKEN: \${{ secrets.GITHUB_TOKEN }}
          BASE_REF: \${{ github.base_ref }}
          # A pull request from a fork gets a read-only token: its review is printed here only.
          COMMENT: \${{ github.event.pull_request.head.repo.full_name == github.repository && '--comment' || '' }}
        run: |
          # The tests' result follows the review, when the tests ran.
          REPORT=''
          if [ -s ${CI_TEST_RESULT_FILE} ]; then REPORT='--test-report ${CI_TEST_RESULT_FILE}'; fi
          npx --no-install flowctl diff --base "origin/$BASE_REF" '${flowsDir}' --format markdown $COMMENT $REPORT
`;
}
