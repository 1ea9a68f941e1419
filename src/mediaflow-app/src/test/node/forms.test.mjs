// What a person sees in the project's forms, given the variables a process hands them: form-js renders each form
// under jsdom (lib/forms.mjs), and the tests read the text it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { shownText } from './lib/forms.mjs';

const ROOT = new URL('../../../../../', import.meta.url);

async function form(id) {
  return JSON.parse(await readFile(new URL(`forms/${id}.form`, ROOT), 'utf8'));
}

/** The variables transcode-with-approval hands the review of a 640x360 source encoded with the default ladder. */
const FITTED = {
  renditions: [{ tag: '360p', resolution: '640x360', bitrate: 800, size: 123456, url: 'http://localhost/360p.m3u8' }],
  thumbnails: ['http://localhost/thumbnail.jpg'],
  warnings: [],
  sourceProperties: { width: 640, height: 360, duration: 4.0, videoCodec: 'h264', audioCodec: 'aac', frameRate: 25, size: 99 },
  ladder: [{ resolution: 360, bitrate: 800, user_tag: '360p' }],
  fittedLadder: [{ resolution: 360, bitrate: 800, user_tag: '360p' }],
  leftOutRungs: [{ resolution: 1080, bitrate: 5000, user_tag: '1080p' }, { resolution: 720, bitrate: 2800, user_tag: '720p' },
    { resolution: 480, bitrate: 1400 }]
};

test('the review shows the source\'s properties, the ladder fitted to it and the rungs left out', async () => {
  const shown = await shownText(await form('review-renditions'), FITTED);

  for (const text of ['Source', 'Width (px)', 'Height (px)', 'Duration (s)', 'Video codec', '640', '360', '4', 'h264',
    'aac', '25', 'Ladder fitted to the source', '360p', '800']) {
    assert.ok(shown.includes(text), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
  assert.ok(shown.includes('Left out, above the source: 1080p, 720p, 480p.'), JSON.stringify(shown));
});

test('the review says when no rung was above the source', async () => {
  const shown = await shownText(await form('review-renditions'), { ...FITTED, leftOutRungs: [] });

  assert.ok(shown.includes('No rung was above the source.'), JSON.stringify(shown));
});

test('without fitting (fitLadder false) the review shows no source and no fitted ladder', async () => {
  const { sourceProperties, fittedLadder, leftOutRungs, ...unfitted } = FITTED;
  const shown = await shownText(await form('review-renditions'), unfitted);

  assert.ok(shown.includes('Renditions'), JSON.stringify(shown));
  for (const text of ['Source', 'Ladder fitted to the source', 'h264', 'No rung was above the source.']) {
    assert.ok(!shown.includes(text), `"${text}" is not shown: ${JSON.stringify(shown)}`);
  }
});

test('Playback does not play shows each URL, what it answered and what to do', async () => {
  const shown = await shownText(await form('playback-does-not-play'), {
    errorMessage: 'Not playing after PT2M: ...',
    errorDetails: {
      urls: [{
        url: 'https://live.example.com/p1/playlist.m3u8?auth=***', policy: 'authenticated', status: 403,
        got: 'HTTP 403: "token expired"', advice: 'the token was refused: check the signing key'
      }]
    }
  });

  for (const text of ['Playback does not play', 'https://live.example.com/p1/playlist.m3u8?auth=***',
    'HTTP 403', 'the token was refused', 'Check again', 'End the show']) {
    assert.ok(shown.some((line) => line.includes(text)), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
});

test('The recordings are incomplete shows what is missing and the choices', async () => {
  const shown = await shownText(await form('recordings-incomplete'), {
    errorMessage: 'Live stream s1 was on air 28.0 s (...): 12.0 s missing; found recording-0001.mp4 (10.0 s)'
  });

  for (const text of ['The recordings are incomplete', '12.0 s missing', 'recording-0001.mp4 (10.0 s)',
    'Wait for the files', 'Go on with what was recorded']) {
    assert.ok(shown.some((line) => line.includes(text)), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
});

test('The stream does not stop names the stream and its status', async () => {
  const shown = await shownText(await form('stream-not-stopped'), {
    streamId: 's1', errorMessage: 'Still status stopping after PT10M, the longest wait allowed'
  });

  for (const text of ['The stream does not stop', 'Stream s1: Still status stopping after PT10M', 'Stop it again',
    'Give up']) {
    assert.ok(shown.some((line) => line.includes(text)), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
});

test('a job past its deadline offers to wait longer', async () => {
  const shown = await shownText(await form('failed-transcoding-job'), {
    errorCode: 'JOB_OVERDUE',
    errorMessage: 'The job of task abc has not finished by its deadline, 2030-01-01T00:00:00Z: the last check saw it encoding at 40%.',
    source: 'http://localhost/in.mp4'
  });

  for (const text of ['The transcoding job is overdue', 'Wait longer', 'Retry with a new task', 'Give up']) {
    assert.ok(shown.includes(text), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
});

test('renditions that are not what was asked say so, and offer no wait', async () => {
  const shown = await shownText(await form('failed-transcoding-job'), {
    errorCode: 'RENDITIONS_NOT_DELIVERED',
    errorMessage: '1 thing is not as asked among 4 renditions: 1080p (http://localhost/out/video_1/chunklist.m3u8): its media playlist answered HTTP 404',
    source: 'http://localhost/in.mp4'
  });

  for (const text of ['The renditions are not what was asked', 'Retry with a new task', 'Give up']) {
    assert.ok(shown.includes(text), `"${text}" is shown: ${JSON.stringify(shown)}`);
  }
  assert.ok(!shown.includes('Wait longer'), JSON.stringify(shown));
});
