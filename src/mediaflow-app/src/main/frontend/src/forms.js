// Camunda forms rendered with form-js, the renderer Camunda Tasklist uses, for user tasks and start events alike.
import { Form } from '@bpmn-io/form-js-viewer';
import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import { uploadDocument } from './api.js';
import { h, problemBox } from './dom.js';

/**
 * Renders the schema over the data into the container (read-only if asked: a task not assigned to oneself). `submit()` validates as the form says (required fields,
 * types, conditional visibility: hidden fields are neither validated nor submitted) and returns the values to send
 * (without read-only and blank fields), or null when a field is wrong (form-js then shows why next to it).
 */
export async function renderForm(container, schema, data, { readOnly = false } = {}) {
  // form-js applies typed text to its data 300 ms late by default (flushing on blur); a submit within that time would
  // read the field as empty and refuse it as required, so text is applied as it is typed.
  const form = new Form({ container, debounce: false, properties: { readOnly } });
  await form.importSchema(schema, data);
  const readonlyPaths = readonlyFieldPaths(schema.components ?? []);
  let pickedFiles = new Map();
  return {
    submit() {
      const { data: values, errors, files } = form.submit();
      if (Object.keys(errors).length > 0) {
        return null;
      }
      pickedFiles = files ?? new Map();
      // A read-only field only shows a value (the stream key, the service's error); sending it back would copy it
      // into the process, where it is not the editor's answer.
      for (const path of readonlyPaths) {
        deletePath(values, path);
      }
      // A field left blank gives no value, so the process's default applies (`if goLiveTimeout = null then ...`).
      return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined
        && value !== ''));
    },
    /**
     * The values `submit()` gave, each file picker's files uploaded first (`POST /v2/documents`) and its value, which
     * form-js keeps as a `files::` key, replaced by the list of their Camunda document references, as Tasklist does.
     */
    async withDocuments(values) {
      const references = new Map();
      for (const [key, files] of pickedFiles) {
        references.set(key, await Promise.all(files.map(uploadDocument)));
      }
      return replaceFileKeys(values, references);
    },
    destroy: () => form.destroy()
  };
}

function replaceFileKeys(value, references) {
  if (typeof value === 'string' && references.has(value)) {
    return references.get(value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => replaceFileKeys(item, references));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replaceFileKeys(item, references)]));
  }
  return value;
}

/** The data paths of the fields that are always read-only, through groups (their `path`) but not lists. */
function readonlyFieldPaths(components, prefix = []) {
  return components.flatMap((component) => {
    if (component.type === 'dynamiclist') {
      return [];
    }
    if (component.components) {
      return readonlyFieldPaths(component.components, component.path ? [...prefix, ...component.path.split('.')] : prefix);
    }
    return component.key && component.readonly === true ? [[...prefix, ...component.key.split('.')]] : [];
  });
}

function deletePath(values, path) {
  const parent = path.slice(0, -1).reduce((node, name) => node?.[name], values);
  if (parent && typeof parent === 'object') {
    delete parent[path.at(-1)];
  }
}

/** A JSON editor for variables, for when there is no form or someone prefers JSON. */
export function jsonEditor(initial = {}) {
  const textarea = h('textarea', { class: 'json', rows: 10, spellcheck: 'false', 'aria-label': 'Variables as JSON' },
    JSON.stringify(initial, null, 2));
  return {
    element: textarea,
    /** The object typed in, or an Error saying what is wrong with it. */
    value() {
      try {
        const value = JSON.parse(textarea.value || '{}');
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return new Error('The variables must be a JSON object, e.g. {"source": "http://..."}');
        }
        return value;
      } catch (e) {
        return new Error(`The variables are not valid JSON: ${e.message}`);
      }
    }
  };
}

/**
 * Whether the values a form's `submit()` or the JSON editor gave can be sent; if not, `feedback` says why. Null is
 * a form with a wrong field (form-js shows why next to it, so the first one is scrolled into view), an Error is
 * JSON the editor could not read.
 */
export function readyToSend(variables, feedback) {
  if (variables === null) {
    feedback.append(problemBox(new Error('Some fields need attention: see the messages next to them.')));
    document.querySelector('.fjs-has-errors')?.scrollIntoView({ block: 'center' });
    return false;
  }
  if (variables instanceof Error) {
    feedback.append(problemBox(variables));
    return false;
  }
  return true;
}
