/** Where `flowctl init` writes the CI workflow. */
export const CI_WORKFLOW_FILE = '.github/workflows/flows.yml';

/**
 * `.github/workflows/flows.yml`: on pull requests and pushes that touch the flows, install the
 * project (flowctl is its dev dependency), validate (as annotations), check the canonical form and,
 * when the repository has a provider (the `FLOW_API_URL` variable), show what a publish of each
 * flow would change; on pull requests, post the review of the flows' changes as one comment.
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
      - name: Review
        if: github.event_name == 'pull_request'
        env:
          GITHUB_TOKEN: \${{ secrets.GITHUB_TOKEN }}
          BASE_REF: \${{ github.base_ref }}
          # A pull request from a fork gets a read-only token: its review is printed here only.
          COMMENT: \${{ github.event.pull_request.head.repo.full_name == github.repository && '--comment' || '' }}
        run: npx --no-install flowctl diff --base "origin/$BASE_REF" '${flowsDir}' --format markdown $COMMENT
`;
}
