import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

// A tiny authoritative DNS server on 127.0.0.1 (UDP) for tests: it answers TXT questions from `records`
// (name → values; a name missing from the map is NXDOMAIN, a known name asked for another type gets an
// empty answer). Enough of RFC 1035 for node's resolver; no compression beyond pointing at the question.

export type DnsServer = {
  address: string; // "127.0.0.1:PORT", the form CLAIMS_DNS_SERVERS takes
  records: Map<string, string[]>;
  queries: string[]; // "TXT name" per question, in arrival order
  close(): Promise<void>;
};

const TYPE_TXT = 16;
const CLASS_IN = 1;

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    const len = msg[i];
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

// A TXT record's RDATA: the value as character-strings of at most 255 bytes each.
function txtRdata(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

export function answer(query: Buffer, records: Map<string, string[]>): { reply: Buffer; question: string } {
  const id = query.readUInt16BE(0);
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const values = records.get(name);
  const answers = values && qtype === TYPE_TXT ? values : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (values ? 0 : 3), 2); // QR, AA, RD copied, NXDOMAIN if unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const rrs = answers.map((v) => {
    const rdata = txtRdata(v);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // name: pointer to the question's name
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return { reply: Buffer.concat([header, question, ...rrs]), question: `${qtype === TYPE_TXT ? 'TXT' : `type${qtype}`} ${name}` };
}

export async function startDnsServer(records: Record<string, string[]> = {}): Promise<DnsServer> {
  const map = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]));
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    try {
      const { reply, question } = answer(msg, map);
      queries.push(question);
      socket.send(reply, peer.port, peer.address);
    } catch {
      // A malformed packet gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records: map,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
