import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { afterEach, beforeEach } from 'vitest';
import { startTestServer, type TestServer } from './testServer.test-helper.js';

/** A provider and a scripted model, fresh for each test of a describe block. */
export interface ModelTestServer {
  readonly server: TestServer;
  readonly model: ScriptedModelServer;
  /** The provider's runtime settings: emptied before each test (then given `initialEnv`), filled by the test. */
  readonly env: Record<string, string | undefined>;
}

/** For a describe block whose tests call the provider's runtime routes against a scripted model. */
export function useModelTestServer(initialEnv?: (model: ScriptedModelServer) => Record<string, string>): ModelTestServer {
  let server: TestServer | undefined;
  let model: ScriptedModelServer | undefined;
  const env: Record<string, string | undefined> = {};
  beforeEach(async () => {
    model = await startScriptedModel();
    for (const key of Object.keys(env)) Reflect.deleteProperty(env, key);
    if (initialEnv) Object.assign(env, initialEnv(model));
    server = await startTestServer({ runtimeEnv: env });
  });
  afterEach(async () => {
    await server?.close();
    await model?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the test server starts before each test');
      return server;
    },
    get model() {
      if (!model) throw new Error('the scripted model starts before each test');
      return model;
    },
    env,
  };
}
