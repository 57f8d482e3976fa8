// Copies the CC0 French card faces by Adrian Kennard from the pinned npm package
// `@heruka_urgyen/react-playing-cards@0.5.0` into assets/cards/french/ (2color) and
// assets/cards/french-4color/ (4color), renamed to the project's card notation
// (docs/card-notation.md), and writes a SHA256SUMS manifest next to them.
//
//   node copy.mjs           copy the files and (re)write the manifests
//   node copy.mjs --verify  check that the committed files match the package and the manifests
//
// Only the plain SVG faces are used; the package's React code is not, nor its back (a fine dot
// pattern that reads as a flat grey slab at table sizes): `cardgen write` draws the French back.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "@heruka_urgyen/react-playing-cards";
const VERSION = "0.5.0";
const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, "node_modules", ...PACKAGE.split("/"));
const assetsDir = join(here, "..", "..", "assets", "cards");

// Package file name (rank + suit letter) -> our notation.
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"];
const SUITS = { D: "d", H: "c", S: "s", C: "b" };
const VARIANTS = { french: "2color", "french-4color": "4color" };

function sha256(buf) {
  return createHash("sha256").update(buf).digest("hex");
}

function fail(msg) {
  console.error(`french-cards: ${msg}`);
  process.exit(1);
}

const pkgJson = join(pkgDir, "package.json");
if (!existsSync(pkgJson)) fail(`${PACKAGE} is not installed: run \`npm ci --omit=peer\` in tools/french-cards`);
const installed = JSON.parse(readFileSync(pkgJson, "utf8")).version;
if (installed !== VERSION) fail(`expected ${PACKAGE}@${VERSION}, found ${installed}`);

const verify = process.argv.includes("--verify");
let problems = 0;

for (const [style, variant] of Object.entries(VARIANTS)) {
  const files = []; // [source path, target name]
  for (const [pkgSuit, suit] of Object.entries(SUITS)) {
    for (const rank of RANKS) {
      files.push([join(pkgDir, "src", "images", variant, `${rank}${pkgSuit}.svg`), `${rank}${suit}.svg`]);
    }
  }
  files.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

  const outDir = join(assetsDir, style);
  mkdirSync(outDir, { recursive: true });
  const lines = [];
  for (const [src, name] of files) {
    const data = readFileSync(src);
    lines.push(`${sha256(data)}  ${name}`);
    const dest = join(outDir, name);
    if (verify) {
      if (!existsSync(dest) || !readFileSync(dest).equals(data)) {
        console.error(`${style}/${name}: differs from ${variant} in the package`);
        problems++;
      }
    } else {
      writeFileSync(dest, data);
    }
  }
  const manifest = lines.join("\n") + "\n";
  const manifestPath = join(outDir, "SHA256SUMS");
  if (verify) {
    if (!existsSync(manifestPath) || readFileSync(manifestPath, "utf8") !== manifest) {
      console.error(`${style}/SHA256SUMS: does not match the package files`);
      problems++;
    }
  } else {
    writeFileSync(manifestPath, manifest);
    console.log(`${style}: ${files.length} files from ${variant}`);
  }
}

if (problems > 0) fail(`${problems} problem(s) found`);
if (verify) console.log("french-cards: all files match the pinned package");
