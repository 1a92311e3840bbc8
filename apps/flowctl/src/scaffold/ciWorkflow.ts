/**
 * `.github/workflows/flows.yml`: on pull requests that touch the flows, validate (as annotations),
 * check the canonical form and compile every flow. flowctl is expected as a dev dependency of the
 * repository (`npx --no-install` refuses to fetch another package of that name).
 */
export function ciWorkflow(flowsDir: string): string {
  const glob = `${flowsDir}/**`;
  return `name: flows

on:
  pull_request:
    paths:
      - '${glob}'
      - '.github/workflows/flows.yml'

permissions:
  contents: read

jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - name: Validate
        run: npx --no-install flowctl validate '${flowsDir}' --format github
      - name: Canonical form
        run: npx --no-install flowctl fmt --check '${flowsDir}'
      - name: Compile
        run: |
          find '${flowsDir}' -name '*.flow.json' -print0 | while IFS= read -r -d '' file; do
            npx --no-install flowctl compile "$file" --quiet -o /dev/null
          done
`;
}
