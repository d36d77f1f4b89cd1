// zlib hands back its output as a view into the stream's 16 KB output buffer (and Buffer.from cuts short buffers from
// Node's shared 8 KB pool): a kept 500-byte answer held 16 KB (measured: 8 MB of ArrayBuffers for 500 kept listings,
// against a budget counted in byteLength). What is kept is copied to a buffer of its own size, so what is counted
// is what is held.
export const ownSized = (value: Uint8Array): Uint8Array => (value.buffer.byteLength === value.byteLength ? value : new Uint8Array(value));
