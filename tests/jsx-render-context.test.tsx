import { afterAll, describe, expect, it, vi } from 'vitest';
import { createContext, useContext } from 'hono/jsx';
import { keepJsxRenderContextSynchronous } from '../site/jsx-render-context';

// site/jsx-render-context.tsx keeps hono/jsx from putting its render context in an AsyncLocalStorage (which turns on
// async hooks for every promise of the process on Node 20 and 22). Each test file runs in a fresh module graph, so
// hono/jsx has not looked for AsyncLocalStorage yet when this file starts.
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
afterAll(() => warn.mockRestore());

const Theme = createContext('default');
const Reader = () => <b>{useContext(Theme)}</b>;
async function LateReader() {
  await new Promise((r) => setTimeout(r, 1));
  return <i>{useContext(Theme)}</i>;
}

describe('hono/jsx render context without AsyncLocalStorage', () => {
  it('context still reaches every component of a synchronous render', () => {
    keepJsxRenderContextSynchronous();
    const html = String((<Theme.Provider value="dark"><p><Reader /></p></Theme.Provider>).toString());
    expect(html).toBe('<p><b>dark</b></p>');
    // And no value leaks into the next render.
    expect(String((<Reader />).toString())).toBe('<b>default</b>');
  });

  it('hono/jsx really runs without AsyncLocalStorage: context read after an await falls back, with its warning', async () => {
    keepJsxRenderContextSynchronous();
    const html = await (<Theme.Provider value="dark"><LateReader /></Theme.Provider>).toString();
    expect(String(html)).toBe('<i>default</i>');
    expect(warn.mock.calls.some(([m]) => String(m).includes('AsyncLocalStorage is unavailable'))).toBe(true);
  });

  it('leaves process.getBuiltinModule as it was', () => {
    const { getBuiltinModule } = process as unknown as { getBuiltinModule: (id: string) => { AsyncLocalStorage?: unknown } | undefined };
    expect(getBuiltinModule('node:async_hooks')?.AsyncLocalStorage).toBeTypeOf('function');
  });
});
