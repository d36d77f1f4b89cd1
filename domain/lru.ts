import { OrderedMap } from './ordered-map';

// A small least-recently-used map (Map keeps insertion order; a re-inserted key moves to the end), bounded by a
// count of its own and, optionally, by a budget of bytes it shares with other maps (ByteBudget).
// A hit re-inserts its key only when it is no longer among the newest quarter of the map. Re-inserting on every hit
// (delete + set) leaves a deleted slot behind each time, so a busy map was rebuilt every few thousand hits; at 20,000
// keys each rebuild allocated a new table in V8's large-object space, garbage that only a full collection frees. So
// a key is evicted once it has not been used during the last three quarters of the map's capacity of insertions.
// `order` is the budget's clock when the entry was last moved: a map's entries are in that order too, so a map's
// first entry is its least recently used, and the budget's least recently used is the oldest of those firsts.
type Stamped<V> = { value: V; stamp: number; order: number; weight: number };

// A string key as a string of its own. V8 makes a part cut from a longer string (slice, substring) a view into it
// from 13 characters on, and one joined from parts (`${a}|${b}`) a pair of pointers to them: kept as a key, such a
// string keeps what it was cut from alive. A path cut from a request's full URL held the URL: after 100,000 listings
// were read once each, 28,000 such keys kept 27,000 URLs alive that were otherwise garbage (2.7 MB with the views).
// Decoding makes a new flat string (UTF-16 code unit for code unit, so any key comes back as it was, a lone surrogate
// of a JSON body's "\ud800" included: UTF-8 would turn every such one into U+FFFD, and two keys into one). Shorter
// strings are never views, and are kept as they are.
const ownString = (s: string): string => (s.length < 13 ? s : Buffer.from(s, 'utf16le').toString('utf16le'));

// Bytes shared by several maps: when their entries weigh more than `limit` together, the least recently used entries
// of all of them go (the oldest first, whichever map holds it), so one kind of answer read at many addresses takes
// room from kinds read less, not memory from the process. A weight is whatever the caller counts (approxBytes).
export class ByteBudget {
  total = 0;
  clock = 0;
  readonly members = new Set<Lru<unknown, unknown>>();
  constructor(public limit: number) {}

  // Drops the least recently used entries until the total is within the limit. An entry weighing more than the whole
  // limit is dropped too: it was never going to fit.
  settle(): void {
    while (this.total > this.limit) {
      let oldest: Lru<unknown, unknown> | null = null;
      let order = Infinity;
      for (const m of this.members) {
        const o = m.oldestOrder();
        if (o < order) { order = o; oldest = m; }
      }
      if (!oldest) return;
      oldest.dropOldest();
    }
  }
}

export class Lru<K, V> {
  private readonly map = new OrderedMap<K, Stamped<V>>();
  private clock = 0;
  private readonly fresh: number;
  constructor(private readonly capacity: number, private readonly budget?: ByteBudget) {
    this.fresh = capacity >> 2;
    budget?.members.add(this as Lru<unknown, unknown>);
  }

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    if (this.clock - e.stamp > this.fresh) {
      this.map.delete(key);
      e.stamp = ++this.clock;
      if (this.budget) e.order = ++this.budget.clock;
      this.map.set(key, e);
    }
    return e.value;
  }

  // `weight`: what the entry counts against the budget (nothing without one).
  set(key: K, value: V, weight = 0): void {
    this.delete(key);
    const b = this.budget;
    this.map.set(typeof key === 'string' ? ownString(key) as K : key, { value, stamp: ++this.clock, order: b ? ++b.clock : 0, weight: b ? weight : 0 });
    if (b) b.total += weight;
    if (this.map.size > this.capacity) this.dropOldest();
    b?.settle();
  }

  delete(key: K): void {
    const e = this.map.get(key);
    if (e === undefined) return;
    this.map.delete(key);
    if (this.budget) this.budget.total -= e.weight;
  }

  clear(): void {
    for (const key of [...this.map.keys()]) this.delete(key);
  }

  // Every key and value, least recently used first (deleting while going through is safe).
  *entries(): IterableIterator<[K, V]> {
    for (const [key, e] of this.map) yield [key, e.value];
  }

  get size(): number {
    return this.map.size;
  }

  // What the entries weigh together (0 without a budget).
  get weight(): number {
    let sum = 0;
    for (const e of this.map.values()) sum += e.weight;
    return sum;
  }

  // For ByteBudget: the budget's clock when the least recently used entry was last moved (Infinity when empty).
  oldestOrder(): number {
    return this.map.oldest()?.[1].order ?? Infinity;
  }

  dropOldest(): void {
    const oldest = this.map.oldest();
    if (oldest !== undefined) this.delete(oldest[0]);
  }
}
