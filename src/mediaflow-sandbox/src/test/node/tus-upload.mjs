#!/usr/bin/env node
// Uploads a file to the sandbox as a browser or Node client of the real service does: create_task gives
// upload_url (the TUS endpoint) and the upload goes to `${upload_url}/${task_token}` with tus-js-client. The
// upload is interrupted after its first chunk and resumed by a second client from the offset the server reports.
// Prints one JSON line: {taskToken, uploadUrl, location, interruptedAt, resumedFrom, source}.
//
// usage: node tus-upload.mjs <transcoding base URL> <api key> <file>
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';

const [baseUrl, apiKey, file] = process.argv.slice(2);
const CHUNK = 16 * 1024;

async function post(path, form) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(form) });
  const answer = await response.json();
  if (answer.error !== 0) {
    throw new Error(`${path}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** Runs one tus upload until it succeeds, fails, or `stopAfter` bytes have been acknowledged (then aborts). */
function upload(content, options, stopAfter) {
  return new Promise((resolve, reject) => {
    const attempt = new tus.Upload(content, {
      chunkSize: CHUNK,
      retryDelays: [],
      storeFingerprintForResuming: false,
      metadata: { filename: 'clip.mp4' },
      ...options,
      onChunkComplete(chunkSize, accepted) {
        if (stopAfter !== undefined && accepted >= stopAfter) {
          attempt.abort().then(() => resolve({ url: attempt.url, offset: accepted }));
        }
      },
      onSuccess() {
        resolve({ url: attempt.url, offset: content.length });
      },
      onError: reject
    });
    attempt.start();
  });
}

const { token } = await post('/v1/access_token', { api_key: apiKey });
const { task_token: taskToken, upload_url: uploadUrl } = await post('/v1/create_task', { token });
const content = readFileSync(file);
const endpoint = `${uploadUrl}/${taskToken}`;

const first = await upload(content, { endpoint }, CHUNK);
// a new client that knows the upload's address asks the server for its offset (HEAD) and goes on from there
let resumedFrom;
const second = await upload(content, {
  endpoint,
  uploadUrl: first.url,
  onProgress(sent) {
    if (resumedFrom === undefined) {
      resumedFrom = sent;
    }
  }
});
const fileId = second.url.substring(second.url.lastIndexOf('/') + 1);
console.log(JSON.stringify({
  taskToken, uploadUrl, location: second.url, interruptedAt: first.offset, resumedFrom, source: `tus:${fileId}`
}));
