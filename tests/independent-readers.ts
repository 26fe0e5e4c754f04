import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * What the product writes, read back by tools it does not share code with (issue 38): Python's standard
 * library (zipfile, xml.etree), on every machine the tests run on, and Info-ZIP's `unzip`, here but not
 * guaranteed in CI (`unzipList` answers undefined when it is absent, and only that check is skipped).
 */

function withFile<T>(bytes: Buffer, name: string, work: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetforms-reader-"));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const python = (script: string, file: string, ...args: string[]) =>
  JSON.parse(execFileSync("python3", ["-c", script, file, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })) as unknown;

const ZIP_SCRIPT = `
import json, struct, sys, zipfile
path, wanted = sys.argv[1], set(sys.argv[2:])
with open(path, "rb") as f:
    raw = f.read()
with zipfile.ZipFile(path) as z:
    bad = z.testzip()
    entries = []
    for info in z.infolist():
        ids, extra = [], info.extra
        while len(extra) >= 4:
            tag, size = struct.unpack("<HH", extra[:4])
            ids.append(tag)
            extra = extra[4 + size:]
        entry = {"name": info.filename, "flags": info.flag_bits, "createSystem": info.create_system, "createVersion": info.create_version,
                 "size": info.file_size, "compressType": info.compress_type, "extraIds": ids}
        if info.filename in wanted:
            entry["text"] = z.read(info).decode("utf-8", errors="replace")
        entries.append(entry)
print(json.dumps({"entries": entries, "bad": bad, "zip64End": raw.find(b"PK\\x06\\x06") >= 0, "zip64Locator": raw.find(b"PK\\x06\\x07") >= 0}))
`;

export interface PythonZipEntry {
  name: string;
  /** general purpose flags: 0x0800 the name is UTF-8 */
  flags: number;
  /** the "made by" host: 0 MS-DOS, 3 Unix */
  createSystem: number;
  createVersion: number;
  size: number;
  compressType: number;
  /** extra fields' header ids of the central record (0x0001: ZIP64) */
  extraIds: number[];
  /** the entry's text (UTF-8, bytes that are not shown as U+FFFD), for those asked for */
  text?: string;
}

/** An archive as Python's zipfile reads it, every CRC checked (`bad`: the first entry that fails, or null). */
export function pythonZip(bytes: Buffer, readText: string[] = []) {
  return withFile(bytes, "archive.zip", (file) => python(ZIP_SCRIPT, file, ...readText)) as { entries: PythonZipEntry[]; bad: string | null; zip64End: boolean; zip64Locator: boolean };
}

const SHEET_SCRIPT = `
import json, re, sys, zipfile
import xml.etree.ElementTree as ET
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
      "p": "http://schemas.openxmlformats.org/package/2006/relationships"}
with zipfile.ZipFile(sys.argv[1]) as z:
    workbook = ET.fromstring(z.read("xl/workbook.xml"))
    sheets = workbook.findall("m:sheets/m:sheet", NS)
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target") for rel in rels.findall("p:Relationship", NS)}
    first = targets[sheets[0].get("{%s}id" % NS["r"])].lstrip("/")
    first = first if first.startswith("xl/") else "xl/" + first
    formats = {}
    builtin_dates = {14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47}
    xfs = []
    if "xl/styles.xml" in z.namelist():
        styles = ET.fromstring(z.read("xl/styles.xml"))
        formats = {int(f.get("numFmtId")): f.get("formatCode") for f in styles.findall("m:numFmts/m:numFmt", NS)}
        xfs = [int(xf.get("numFmtId", "0")) for xf in styles.findall("m:cellXfs/m:xf", NS)]
    shared = []
    if "xl/sharedStrings.xml" in z.namelist():
        shared = ["".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])) for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS)]
    rows = []
    for row in ET.fromstring(z.read(first)).iter("{%s}row" % NS["m"]):
        cells = []
        for c in row.findall("m:c", NS):
            t = c.get("t", "n")
            v = c.find("m:v", NS)
            text = v.text if v is not None else None
            if t == "s":
                text = shared[int(text)]
            elif t == "inlineStr":
                text = "".join(x.text or "" for x in c.iter("{%s}t" % NS["m"]))
            fmt_id = xfs[int(c.get("s", "0"))] if xfs else 0
            code = formats.get(fmt_id, "")
            kind = "number" if t == "n" else ("bool" if t == "b" else "text")
            is_date = kind == "number" and (fmt_id in builtin_dates or re.search(r"(^|[^\\"])[ymdh]", re.sub(r'"[^"]*"', "", code)) is not None)
            cells.append({"ref": c.get("r"), "kind": "date" if is_date else kind, "value": text, "format": code})
        rows.append(cells)
print(json.dumps({"sheets": [s.get("name") for s in sheets], "rows": rows}))
`;

export interface PythonCell {
  ref: string;
  /** number (t="n"), date (a number whose style's format is a date's), text, bool */
  kind: "number" | "date" | "text" | "bool";
  value: string | null;
  format: string;
}

/** A workbook's sheet names and its first sheet's cells as Python's zipfile and xml.etree read them. */
export function pythonSheet(bytes: Buffer) {
  return withFile(bytes, "book.xlsx", (file) => python(SHEET_SCRIPT, file)) as { sheets: string[]; rows: PythonCell[][] };
}

/** `unzip -l` of an archive, or undefined when Info-ZIP's unzip is not on this machine. */
export function unzipList(bytes: Buffer): string | undefined {
  if (spawnSync("unzip", ["-v"], { encoding: "utf8" }).error) return undefined;
  return withFile(bytes, "archive.zip", (file) => execFileSync("unzip", ["-l", file], { encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" }, maxBuffer: 64 * 1024 * 1024 }));
}

const WRITE_ZIP_SCRIPT = `
import base64, io, json, sys, zipfile
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in json.load(sys.stdin):
        z.writestr(name, base64.b64decode(data))
sys.stdout.write(base64.b64encode(out.getvalue()).decode())
`;

/** A ZIP written by Python's zipfile (deflated), for fixtures: a writer that shares no code with the readers under test. */
export function pythonZipOf(files: { name: string; data: Buffer | string }[]): Buffer {
  const input = JSON.stringify(files.map((file) => [file.name, Buffer.from(file.data).toString("base64")]));
  return Buffer.from(execFileSync("python3", ["-c", WRITE_ZIP_SCRIPT], { input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }), "base64");
}
