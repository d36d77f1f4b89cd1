// A Map whose oldest entry (first in insertion order) is found in constant time, amortised. For maps that drop their
// oldest entry to stay bounded (Lru, the kept compressed answers, the verified-token cache).
//
// Why not `map.keys().next()`: V8 leaves a hole where a Map's entry was deleted, and the holes stay in place until the
// table is rebuilt (when it fills up), so an iterator started afresh walks over every hole before the first live
// entry. A map that drops its oldest entry at each insertion gathers its holes at the front: at 10,000 entries, each
// insertion with its drop took ~5.7 µs that way against ~0.16 µs here (a loop on Node 20), and every first read of a
// listing through the server dropped an entry from several such maps.
//
// So the map keeps one iterator (a Map's iterator is live: it sees entries added after it was made, skips deleted
// ones, and keeps its place when V8 rebuilds the table) and the entry it last found. Every entry the iterator has
// passed was deleted, so the entry it found is the oldest until it is deleted or moved, and the next one is found by
// going on from there. Left alone while the map churns, an iterator holds on to every table V8 rebuilt behind it, so
// after twice the map's size of changes without a look at the oldest it is let go, and the next look starts afresh.
export class OrderedMap<K, V> {
  private readonly map = new Map<K, V>();
  private cursor: Iterator<[K, V]> | null = null;
  private head: [K, V] | null = null;
  private changesSinceLook = 0;

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  // A new key goes last; a key already there keeps its place (as Map does): delete it first to move it.
  set(key: K, value: V): this {
    this.map.set(key, value);
    if (this.head !== null && this.head[0] === key) this.head = [key, value];
    this.changed();
    return this;
  }

  delete(key: K): boolean {
    if (this.head !== null && this.head[0] === key) this.head = null;
    this.changed();
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.cursor = null;
    this.head = null;
  }

  // The oldest entry, or undefined when the map is empty.
  oldest(): [K, V] | undefined {
    if (this.head !== null) return this.head;
    if (this.map.size === 0) {
      this.cursor = null;
      return undefined;
    }
    this.changesSinceLook = 0;
    for (;;) {
      this.cursor ??= this.map.entries();
      const next = this.cursor.next();
      if (!next.done) return (this.head = next.value);
      this.cursor = null; // an iterator that has ended sees nothing added later: start afresh (the map is not empty)
    }
  }

  // Deletes the oldest entry and returns it.
  shift(): [K, V] | undefined {
    const first = this.oldest();
    if (first !== undefined) this.delete(first[0]);
    return first;
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  private changed(): void {
    if (this.cursor !== null && ++this.changesSinceLook > 2 * this.map.size + 16) this.cursor = null;
  }
}
