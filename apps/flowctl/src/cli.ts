// The entry: `--version` is answered here, before anything else loads, so it starts in a blink.
declare const __FLOWCTL_VERSION__: string;
export {};

const argv = process.argv.slice(2);
const version = typeof __FLOWCTL_VERSION__ === 'string' ? __FLOWCTL_VERSION__ : '0.0.0';

// A reader that stops early (`flowctl … | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${version}\n`);
} else {
  const { main } = await import('./main.js');
  process.exitCode = await main(
    argv,
    { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd(), signals: process },
    version,
  );
}
