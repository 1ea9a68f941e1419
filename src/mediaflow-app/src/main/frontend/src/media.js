// Players for what an instance produced: a live stream's playback URLs, the renditions, the signed URLs. HLS plays
// through hls.js (Media Source Extensions), anything else through the browser itself.
import Hls from 'hls.js';
import { h } from './dom.js';

/** The URLs worth playing among an instance's variables, with a label each. */
export function playableUrls(variables) {
  const urls = [];
  // While the show runs, the stream's playback IDs; once it ended, the process's playbackUrls. An authenticated ID
  // plays only with a token: its signed URL (signedPlaybackUrls) stands in for it, and without one it is left out.
  const signed = new Map(list(variables.signedPlaybackUrls).map(({ playbackUrl, url }) => [playbackUrl, url]));
  for (const { policy, playback_url: playbackUrl } of list(variables.liveStream?.playback_ids)) {
    const url = policy === 'authenticated' ? signed.get(playbackUrl) : playbackUrl;
    urls.push({ label: `Live playback (${policy ?? 'public'})`, url });
  }
  for (const { policy, url } of list(variables.playbackUrls)) {
    urls.push({ label: `Live playback (${policy ?? 'public'})`, url });
  }
  for (const { tag, resolution, url } of list(variables.renditions)) {
    urls.push({ label: `Rendition ${tag ?? ''} ${resolution ?? ''}`.trim(), url });
  }
  for (const { path, url } of list(variables.signedUrls)) {
    urls.push({ label: `Signed ${path ?? ''}`.trim(), url });
  }
  // Renditions written to a bucket are named by their s3:// destination, which no browser opens: their signed URLs
  // play instead.
  return urls.filter(({ url }, index) => typeof url === 'string' && /^https?:/.test(url)
    && /\.(m3u8|mp4|webm)(\?|$)/.test(url)
    && urls.findIndex((other) => other.url === url) === index);
}

/** How long a player waits before asking again for a playlist that could not be loaded. */
const RETRY_MS = 2000;

const list = (value) => (Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : []);

/** Shows one player per playable URL in the container, keeping the players while the URLs stay the same. */
export function mediaPlayers(container) {
  let shown = '';
  let players = [];
  const destroy = () => {
    players.forEach((player) => player.destroy());
    players = [];
  };
  return {
    show(variables) {
      const urls = playableUrls(variables);
      const signature = JSON.stringify(urls);
      if (signature === shown) {
        return;
      }
      shown = signature;
      destroy();
      players = urls.map(({ label, url }) => player(label, url));
      container.replaceChildren(...(players.length
        ? [h('h2', {}, 'Media'), h('div', { class: 'players' }, ...players.map((p) => p.element))]
        : []));
    },
    destroy
  };
}

/**
 * A signed URL's token carried on every request hls.js makes (docs/plugin.md): the variant playlists and segments
 * are asked for relative to the playlist and without its query, and whether the CDN names them with the token is
 * not shown, so each request without an `auth` gets the playlist's.
 */
function carryingTheToken(url) {
  const auth = new URL(url, location.href).searchParams.get('auth');
  if (!auth) {
    return {};
  }
  return {
    xhrSetup(xhr, requestUrl) {
      const request = new URL(requestUrl, location.href);
      if (!request.searchParams.has('auth')) {
        request.searchParams.set('auth', auth);
        // Opened here, hls.js sends it as it is instead of opening the URL it was given.
        xhr.open('GET', request.toString(), true);
      }
    }
  };
}

function player(label, url) {
  const video = h('video', { controls: true, muted: true, preload: 'metadata', playsinline: true });
  const status = h('span', { class: 'player-status' });
  const figure = h('figure', { class: 'player', 'data-url': url }, video,
    h('figcaption', {}, label, ' ', status, h('br'), h('a', { href: url, target: '_blank', rel: 'noopener' }, url)));
  let hls = null;
  let retry = null;
  if (/\.m3u8(\?|$)/.test(url) && Hls.isSupported()) {
    hls = new Hls(carryingTheToken(url));
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      status.textContent = 'ready';
      figure.dataset.manifest = 'parsed';
    });
    hls.on(Hls.Events.FRAG_LOADED, () => {
      figure.dataset.fragment = 'loaded';
    });
    hls.on(Hls.Events.ERROR, (event, data) => {
      if (data.fatal && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
        // A live stream's playlist exists only once the stream is live: ask again until it is.
        status.textContent = `waiting for the stream (${data.details})`;
        retry = setTimeout(() => hls.loadSource(url), RETRY_MS);
      } else if (data.fatal) {
        status.textContent = `cannot play: ${data.details}`;
      }
    });
    hls.loadSource(url);
    hls.attachMedia(video);
  } else {
    video.src = url;
    video.addEventListener('loadedmetadata', () => { status.textContent = 'ready'; });
    video.addEventListener('error', () => { status.textContent = 'cannot play'; });
  }
  return {
    element: figure,
    destroy: () => {
      clearTimeout(retry);
      hls?.destroy();
    }
  };
}
