import { crc32, deflateRawSync } from "node:zlib";

/** What the headers say of one entry. `flags`: 0x0800 names are UTF-8. */
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

/** A ZIP archive of the given files, each deflated (the tests' .xlsx fixtures and writeSheet, until the read side's tests move off them). */
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

/** MS-DOS date and time, as ZIP headers hold them. */
function dosTime(date: Date): number {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return ((day << 16) | time) >>> 0;
}
