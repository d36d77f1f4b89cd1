// Every rule that depends on "now" reads it from a Clock so tests can pin any date.
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
export const fixedClock = (iso: string | Date): Clock & { set(d: string | Date): void; advance(ms: number): void } => {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    set: (d) => { t = new Date(d).getTime(); },
    advance: (ms) => { t += ms; },
  };
};
