// An instance's BPMN diagram drawn with bpmn-js, its elements marked by what the instance did there.
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { progressBar } from './progress.js';

const MARKERS = ['mf-active', 'mf-completed', 'mf-incident'];

export async function renderDiagram(container, xml) {
  const viewer = new NavigatedViewer({ container });
  await viewer.importXML(xml);
  const canvas = viewer.get('canvas');
  const registry = viewer.get('elementRegistry');
  const overlays = viewer.get('overlays');
  // The page is built before it is shown: fit the diagram once its container has a size.
  const fitOnceShown = new ResizeObserver(([entry]) => {
    if (entry.contentRect.width > 0) {
      fitOnceShown.disconnect();
      canvas.resized();
      canvas.zoom('fit-viewport', 'auto');
    }
  });
  fitOnceShown.observe(container);
  return {
    /** Marks each element by its element instances: an incident wins over active, active over completed. */
    mark(elementInstances) {
      const byElement = new Map();
      for (const { elementId, state, hasIncident } of elementInstances) {
        const marker = hasIncident && state === 'ACTIVE' ? 'mf-incident'
          : state === 'ACTIVE' ? 'mf-active' : state === 'COMPLETED' ? 'mf-completed' : null;
        if (marker) {
          byElement.set(elementId, strongest(byElement.get(elementId), marker));
        }
      }
      for (const element of registry.getAll()) {
        for (const marker of MARKERS) {
          canvas.removeMarker(element.id, marker);
        }
        const marker = byElement.get(element.id);
        if (marker) {
          canvas.addMarker(element.id, marker);
        }
      }
      // The marked element ids, also on the container (data-active="ReviewRenditions"), for tests and tools.
      for (const marker of MARKERS) {
        container.dataset[marker.slice(3)] = [...byElement].filter(([, m]) => m === marker).map(([id]) => id).join(' ');
      }
    },
    /** A progress bar under each element in `progress` ({elementId, status, percent}), the earlier ones gone. */
    progress(progress) {
      overlays.remove({ type: 'mf-progress' });
      for (const item of progress) {
        const element = registry.get(item.elementId);
        if (element) {
          overlays.add(element, 'mf-progress', { position: { bottom: -4, left: 0 }, html: progressBar(item, element.width) });
        }
      }
    },
    destroy: () => {
      fitOnceShown.disconnect();
      viewer.destroy();
    }
  };
}

const RANK = { 'mf-completed': 0, 'mf-active': 1, 'mf-incident': 2 };

function strongest(known, marker) {
  return known && RANK[known] > RANK[marker] ? known : marker;
}
