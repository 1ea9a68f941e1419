/**
 * Finds the labels that a modeller cannot read because they sit on a shape or on another label, from a diagram's
 * interchange (bpmndi): the bounds of each BPMNShape and of each BPMNLabel of a shape or an edge.
 *
 * What counts:
 *  - a label is a BPMNLabel with bounds; a task's or sub-process's name drawn inside its own shape has none and is
 *    not a label here;
 *  - an event's or gateway's label is drawn outside its shape, so it must not overlap its own shape either;
 *  - a named event or gateway must have a BPMNLabel: without one its label is drawn where the viewer guesses, and
 *    Camunda Modeler always writes one;
 *  - an expanded sub-process or event sub-process contains its children: a shape or label of an element inside it
 *    does not overlap it (it still must not overlap the sub-process's other children);
 *  - rectangles that only touch do not overlap.
 *
 * @param definitions bpmn-moddle's parsed root element
 * @returns [{ subject, message }] one per finding, in document order
 */
export function findLabelOverlaps(definitions) {
  const shapes = [];
  const labels = [];
  const findings = [];
  for (const diagram of definitions.diagrams ?? []) {
    for (const di of diagram.plane?.planeElement ?? []) {
      const element = di.bpmnElement;
      if (!element) {
        continue;
      }
      const isShape = di.$instanceOf('bpmndi:BPMNShape');
      if (isShape && di.bounds) {
        shapes.push({ element, bounds: di.bounds });
      }
      if (di.label?.bounds) {
        labels.push({ element, bounds: di.label.bounds });
      } else if (isShape && element.name?.trim() && hasExternalLabel(element)) {
        findings.push({
          subject: element.id,
          message: `"${element.name}" has no label bounds (BPMNLabel): its label's place is left to the viewer, `
            + 'where it may sit on another shape; move the label in Camunda Modeler to write one'
        });
      }
    }
  }
  labels.forEach((label, index) => {
    for (const shape of shapes) {
      if (!contains(shape.element, label.element) && overlap(label.bounds, shape.bounds)) {
        const whose = shape.element === label.element ? 'its own shape' : `the shape of ${shape.element.id}`;
        findings.push({
          subject: label.element.id,
          message: `label ${rect(label.bounds)} overlaps ${whose} ${rect(shape.bounds)}`
        });
      }
    }
    for (const other of labels.slice(index + 1)) {
      if (overlap(label.bounds, other.bounds)) {
        findings.push({
          subject: label.element.id,
          message: `label ${rect(label.bounds)} overlaps the label of ${other.element.id} ${rect(other.bounds)}`
        });
      }
    }
  });
  return findings;
}

/** Events, gateways and data objects draw their name outside their shape (bpmn-js: isLabelExternal). */
function hasExternalLabel(element) {
  return ['bpmn:Event', 'bpmn:Gateway', 'bpmn:DataStoreReference', 'bpmn:DataObjectReference', 'bpmn:DataInput',
    'bpmn:DataOutput'].some((type) => element.$instanceOf(type));
}

/** Whether container is an expanded (event) sub-process that holds element, at any depth. */
function contains(container, element) {
  if (container === element || !container.$instanceOf('bpmn:SubProcess')) {
    return false;
  }
  for (let parent = element.$parent; parent; parent = parent.$parent) {
    if (parent === container) {
      return true;
    }
  }
  return false;
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function rect({ x, y, width, height }) {
  return `(x=${x}, y=${y}, ${width}x${height})`;
}
