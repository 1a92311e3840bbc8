import type { CompileReport } from '../commands/compile.js';
import type { CompletionReport } from '../commands/completion.js';
import type { DiffReport } from '../commands/diff.js';
import type { FetchReport } from '../commands/fetch.js';
import type { FmtReport } from '../commands/fmt.js';
import type { InitReport } from '../commands/init.js';
import type { PublishReport } from '../commands/publish.js';
import type { RunReport } from '../commands/run.js';
import type { SessionReport } from '../commands/session.js';
import type { TestReport } from '../commands/test.js';
import type { ServeReport } from '../commands/serve.js';
import type { ValidateReport } from '../commands/validate.js';
import type { WorkflowsReport } from '../commands/workflowsList.js';

/** The data each command returns, by command name. */
export interface Results {
  init: InitReport;
  validate: ValidateReport;
  fmt: FmtReport;
  diff: DiffReport;
  compile: CompileReport;
  fetch: FetchReport;
  publish: PublishReport;
  'workflows list': WorkflowsReport;
  run: RunReport;
  session: SessionReport;
  test: TestReport;
  serve: ServeReport;
  completion: CompletionReport;
}
