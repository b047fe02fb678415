// Development: the server with reload on change (tsx watch) and Vite's dev server with hot reload,
// which proxies the API and the WebSocket to the server.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', process.env.VITE_PORT ?? '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
