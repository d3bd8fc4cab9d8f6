import fs from 'node:fs';
import S3rver from 's3rver';

// The body of the test S3 server's own process (started by s3-server.ts): s3rver on an ephemeral
// loopback port, keeping objects in argv[2] with one bucket named argv[3]. It prints its port as
// one JSON line and runs until SIGTERM, or until its parent is gone (stdin closes), so a test
// worker that exits without closing it leaves no server behind.
const [directory = '', bucket = 'formbridge'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: !process.env.S3RVER_LOG,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => {
  void server.close().then(() => {
    // Also when the parent died without closing it: its objects go with it.
    fs.rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.stdin.on('end', stop).resume();
