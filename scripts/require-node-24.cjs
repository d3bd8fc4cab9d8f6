'use strict';
// Run first by npm scripts, before any TypeScript is loaded: plain CommonJS that any Node parses,
// so an older Node prints one clear line instead of "Unknown file extension .ts".
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Formbridge needs Node 24 or newer; this is Node ${process.versions.node} (see "Install Node 24" in README.md).`,
  );
  process.exit(1);
}
