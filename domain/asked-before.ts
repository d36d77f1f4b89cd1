import { Lru } from './lru';

// Whether an address was asked for before, recently, and AddressMap (below), the map built on it: for what remembers
// what an address resolved to (the API lane's routes, the kept pages' addresses), so it takes in only addresses asked
// for a second time.
//
// Why: such a map pays only when its address comes again, and under a crawler or visitors arriving from search
// engines most addresses come once. At 100,000 listings the bench's first reads filled both maps to their 10,000
// entries (~450 and ~370 bytes of heap each, 8 MB together), nearly all of addresses never asked for again.
// This holds a 30-bit hash of each address instead (a small integer in a Set, ~20 bytes), in two generations of
// `perGeneration` each: an address is "asked before" while its first ask is among the last perGeneration to 2 ×
// perGeneration addresses seen. Two addresses with the same hash make the second look asked before: it is then taken
// in at its first ask, as everything was before this (harmless: the map stays bounded by its own count).
export class AskedBefore {
  private current = new Set<number>();
  private previous = new Set<number>();

  constructor(private readonly perGeneration: number) {
    if (!Number.isInteger(perGeneration) || perGeneration < 1) throw new RangeError('perGeneration must be a positive integer');
  }

  // True when this address was seen before (and then forgets it has: the caller now remembers it itself); false the
  // first time, noting it.
  ask(address: string): boolean {
    const h = addressHash(address);
    if (this.current.delete(h) || this.previous.delete(h)) return true;
    this.current.add(h);
    if (this.current.size >= this.perGeneration) {
      this.previous = this.current;
      this.current = new Set();
    }
    return false;
  }
}

// FNV-1a over the UTF-16 code units, cut to 30 bits: a small integer on every V8 build (31-bit with pointer
// compression), so the Set holds no heap numbers.
export function addressHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) & 0x3fffffff;
}

// A bounded map of what addresses resolve to (least recently used first out) that takes an address in at its second
// ask: `remember` replaces an address already there, and otherwise keeps it only if it was asked before.
export class AddressMap<V> {
  private readonly entries: Lru<string, V>;
  private readonly askedBefore: AskedBefore;

  constructor(max: number) {
    this.entries = new Lru(max);
    this.askedBefore = new AskedBefore(max);
  }

  get(address: string): V | undefined {
    return this.entries.get(address);
  }

  remember(address: string, value: V): void {
    if (this.entries.get(address) !== undefined || this.askedBefore.ask(address)) this.entries.set(address, value);
  }

  delete(address: string): void {
    this.entries.delete(address);
  }

  get size(): number {
    return this.entries.size;
  }
}
