// A local FCM HTTP v1 for the benchmark, in its own process so that it does not share Vigil's
// event loop: POST /token (JWT-bearer grant) and POST /v1/projects/bench/messages:send, plus
// GET /count (messages accepted). Prints its base URL on the first line of stdout.
import http from 'node:http';

let accepted = 0;
let exchanges = 0;
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    if (request.method === 'POST' && request.url === '/token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || (form.get('assertion') ?? '').split('.').length !== 3) {
        response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"invalid_grant"}');
        return;
      }
      exchanges += 1;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: `bench-token-${exchanges}`, expires_in: 3599, token_type: 'Bearer' }));
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/projects/bench/messages:send') {
      if (!request.headers.authorization?.startsWith('Bearer bench-token-')) {
        response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"code":401,"status":"UNAUTHENTICATED"}}');
        return;
      }
      const { message } = JSON.parse(body);
      if (!message?.token || !message.notification?.title) {
        response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":{"code":400,"status":"INVALID_ARGUMENT"}}');
        return;
      }
      accepted += 1;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"name":"projects/bench/messages/${accepted}"}`);
      return;
    }
    if (request.method === 'GET' && request.url === '/count') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ accepted, exchanges }));
      return;
    }
    response.writeHead(404).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
