// hono/jsx keeps its render context (createContext/useContext) in an AsyncLocalStorage when the runtime offers one,
// so that async components can still read it after an await. The site has no async components: every page renders
// in one synchronous pass (site/viewer.ts renderFor relies on that too). On Node 20 and 22 the first
// AsyncLocalStorage.run turns on async hooks for every promise of the process, and from the first page rendered on,
// every API and MCP request cost ~12 % more (measured: get_listing +14 µs, search +20 µs of CPU).
// hono/jsx looks for AsyncLocalStorage once, lazily, through process.getBuiltinModule. This makes that one look find
// none, so hono/jsx keeps its context for the synchronous render only: its documented fallback, which warns should
// an async component ever read context after an await. No library offers a switch for this, hence the workaround.
let settled = false;

export function keepJsxRenderContextSynchronous(): void {
  if (settled) return;
  settled = true;
  const proc = process as unknown as { getBuiltinModule?: (id: string) => unknown };
  const real = proc.getBuiltinModule;
  if (typeof real !== 'function') return; // older runtimes: hono/jsx finds no AsyncLocalStorage this way either
  proc.getBuiltinModule = (id: string) => (/^(node:)?async_hooks$/.test(id) ? undefined : real.call(process, id));
  try {
    // The first render makes hono/jsx look, and it never looks again.
    String((<i />).toString());
  } finally {
    proc.getBuiltinModule = real;
  }
}
