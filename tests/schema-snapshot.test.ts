import { describe, expect, it } from 'vitest';
import { registry } from '../tools/registry';
import { buildToolList } from '../transport/mcp';
import { buildOpenApi } from '../rest-adapter/openapi';
import { loadConfig } from '../transport/config';

// The interface is committed as files, so every change to a tool's schema shows up in review.
// After an intended change: npx vitest run tests/schema-snapshot.test.ts -u, and commit the snapshots.
const config = loadConfig({ PORT: '8787' } as NodeJS.ProcessEnv);

describe('committed interface snapshots', () => {
  it('MCP tools/list matches tests/__snapshots__/tools.json', async () => {
    await expect(JSON.stringify(buildToolList(registry), null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/tools.json');
  });

  it('the OpenAPI document matches tests/__snapshots__/openapi.json', async () => {
    await expect(JSON.stringify(buildOpenApi(registry, config), null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
