import { Readable } from "node:stream";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

/** What the headers say of one entry. `flags`: 0x0800 names are UTF-8, | 0x0008 sizes follow in a data descriptor. */
interface EntryInfo {
  flags: number;
  stamp: number;
  crc: number;
  packed: number;
  size: number;
}

function localHeader(name: Buffer, entry: EntryInfo): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(8, 8); // deflated
  header.writeUInt32LE(entry.stamp, 10);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.packed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(name: Buffer, entry: EntryInfo, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt32LE(entry.stamp, 12);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.packed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfDirectory(entries: number, directoryLength: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** A ZIP archive of the given files, each deflated (what the tenant export and the tests' .xlsx files use). */
export function zip(files: { name: string; data: Buffer | string }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const stamp = dosTime(new Date());
  for (const file of files) {
    const data = typeof file.data === "string" ? Buffer.from(file.data, "utf8") : file.data;
    const packed = deflateRawSync(data);
    const name = Buffer.from(file.name, "utf8");
    const entry = { flags: 0x0800, stamp, crc: crc32(data), packed: packed.length, size: data.length };
    const local = localHeader(name, entry);
    parts.push(local, packed);
    central.push(centralHeader(name, entry, offset));
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endOfDirectory(files.length, directory.length, offset)]);
}

type Source = Buffer | string | Iterable<Buffer | string> | AsyncIterable<Buffer | string>;

/** Gathers small pieces (a sheet's rows) into chunks of about 64 KiB before they are deflated. */
async function* chunked(source: Source, seen: (data: Buffer) => void) {
  const pieces: Buffer[] = [];
  let size = 0;
  const iterable = typeof source === "string" || Buffer.isBuffer(source) ? [source] : source;
  for await (const piece of iterable) {
    const data = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
    seen(data);
    pieces.push(data);
    size += data.length;
    if (size >= 65_536) {
      yield Buffer.concat(pieces.splice(0));
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(pieces);
}

/**
 * A ZIP archive written as it is made (issue 18's files): each entry is deflated as its content arrives and
 * handed to `sink`, its CRC and sizes following in a data descriptor, so neither an entry nor the archive is
 * ever whole in memory. `readFirstSheet` and every unzip tool read it.
 */
export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private entries = 0;
  private readonly stamp = dosTime(new Date());

  constructor(private readonly sink: (chunk: Buffer) => Promise<void>) {}

  private async emit(data: Buffer) {
    this.offset += data.length;
    await this.sink(data);
  }

  async add(fileName: string, source: Source): Promise<void> {
    const name = Buffer.from(fileName, "utf8");
    const start = this.offset;
    // sizes in a data descriptor after the data; names are UTF-8
    const flags = 0x0808;
    await this.emit(localHeader(name, { flags, stamp: this.stamp, crc: 0, packed: 0, size: 0 }));
    let crc = 0;
    let size = 0;
    let packed = 0;
    const input = Readable.from(
      chunked(source, (data) => {
        crc = crc32(data, crc);
        size += data.length;
      }),
    );
    const deflate = createDeflateRaw();
    input.on("error", (error) => deflate.destroy(error));
    for await (const data of input.pipe(deflate) as AsyncIterable<Buffer>) {
      packed += data.length;
      await this.emit(data);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.emit(descriptor);
    this.central.push(centralHeader(name, { flags, stamp: this.stamp, crc, packed, size }, start));
    this.entries++;
  }

  /** The central directory and its end: the archive is complete. */
  async finish(): Promise<void> {
    const directory = Buffer.concat(this.central);
    await this.emit(Buffer.concat([directory, endOfDirectory(this.entries, directory.length, this.offset)]));
  }
}

/** MS-DOS date and time, as ZIP headers hold them. */
function dosTime(date: Date): number {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return ((day << 16) | time) >>> 0;
}
