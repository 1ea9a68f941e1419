// A running transcoding job's progress, on the instance's diagram: the wait_for_job worker keeps where the job stands
// (status, and the percent of its encoding stage) on its element instance as the local variable transcodingProgress;
// each active element instance that holds one gets a bar under its shape.
import { h } from './dom.js';

export const PROGRESS_VARIABLE = 'transcodingProgress';

/** {elementId, status, percent, updatedAt} of each active element instance with a progress. */
export function waitingProgress(elementInstances, variables) {
  const active = new Map(elementInstances.filter((element) => element.state === 'ACTIVE')
    .map((element) => [String(element.elementInstanceKey), element.elementId]));
  return variables.filter((variable) => variable.name === PROGRESS_VARIABLE && active.has(String(variable.scopeKey)))
    .map((variable) => ({ ...parse(variable.value), elementId: active.get(String(variable.scopeKey)) }));
}

/**
 * The service's percent covers the encoding stage only: the bar is empty before it (downloading, queued), follows
 * the percent during it, and is full once the job saves its outputs.
 */
export function progressBar({ status, percent, updatedAt }, width) {
  const filled = status === 'encoding' ? clamp(percent ?? 0) : status === 'saving' ? 100 : 0;
  const label = status === 'encoding' && percent != null ? `encoding ${Math.round(percent)}%` : status;
  return h('div', {
    class: 'mf-progress', style: `width: ${width}px`, title: updatedAt ? `${label}, since ${updatedAt}` : label,
    'data-status': status, 'data-percent': String(Math.round(filled))
  },
  h('div', { class: 'mf-progress-bar', style: `width: ${filled}%` }),
  h('span', { class: 'mf-progress-label' }, label));
}

const clamp = (percent) => Math.max(0, Math.min(100, percent));

function parse(value) {
  try {
    const progress = JSON.parse(value);
    return progress && typeof progress === 'object' ? progress : {};
  } catch {
    return {};
  }
}
