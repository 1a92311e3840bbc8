export { startServer, ServerConfigError, DataFolderInUseError, DatabaseStartError } from './server.js';
export type { ServerOptions, RunningServer } from './server.js';
export { ID_PATTERN, isId } from './ids.js';
export { defaultSeedDir, repositoryRoot, seedDataFolder } from './store/seed.js';
export { writeAtomic } from './store/atomicWrite.js';
export type { StoreFaults, JournalStep } from './store/journal.js';
export { importFolderToDatabase, exportDatabaseToFolder, TransferError } from './store/pg/transfer.js';
export type { TransferReport } from './store/pg/transfer.js';
export { redactedUrl } from './store/pg/pgStorage.js';
