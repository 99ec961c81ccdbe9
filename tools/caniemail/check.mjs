// Checks every mail page (.html) in a folder against the caniemail data
// (the pinned @jsx-email/doiuse-email, offline) for the clients quipu's
// players use, and fails on any feature a client lacks that allowlist.json
// does not name with a reason. Run by tests/caniemail.rs:
//   node tools/caniemail/check.mjs FOLDER
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENTS = ['gmail.*', 'outlook.*', 'apple-mail.*', 'samsung-email.*', 'yahoo.*'];
const here = dirname(fileURLToPath(import.meta.url));
const allow = JSON.parse(readFileSync(join(here, 'allowlist.json'), 'utf8'));
const folder = process.argv[2];
if (!folder) {
  console.error('usage: node check.mjs FOLDER');
  process.exit(2);
}
const files = readdirSync(folder).filter((f) => f.endsWith('.html')).sort();
if (files.length === 0) {
  console.error(`no .html mails in ${folder}`);
  process.exit(2);
}
// The feature a message is about: the first `quoted` name in it.
const feature = (message) => (message.match(/`([^`]+)`/) || [null, message])[1];
const unexplained = new Map();
const allowed = new Map();
for (const f of files) {
  const result = doIUseEmail(readFileSync(join(folder, f), 'utf8'), { emailClients: CLIENTS });
  for (const e of result.success ? [] : result.errors) {
    const name = feature(e);
    const into = Object.hasOwn(allow, name) ? allowed : unexplained;
    if (!into.has(name)) into.set(name, { files: new Set(), example: e });
    into.get(name).files.add(f);
  }
}
for (const [name, { files: fs }] of allowed) {
  console.log(`allowed: ${name} (${fs.size} mails): ${allow[name]}`);
}
for (const [name, { files: fs, example }] of unexplained) {
  console.log(`NOT ALLOWED: ${name} in ${fs.size} mails, e.g. ${[...fs][0]}: ${example}`);
}
console.log(`${files.length} mails checked for ${CLIENTS.join(', ')}`);
process.exit(unexplained.size === 0 ? 0 : 1);
