import { createRequire } from 'node:module';
import { evaluate as evaluateFeel, SyntaxError as FeelSyntaxError } from '@bpmn-io/feelin';
import { listFiles, readJson } from './files.mjs';

const require = createRequire(import.meta.url);

/** Fields that render nothing by design: an expression field only computes a value. */
const NON_VISUAL_TYPES = new Set(['expression']);

/**
 * Checks every forms/*.form: it has an id no other form has (user tasks link forms by it), its component keys
 * are unique, and form-js imports and renders it in a DOM without an error. Returns the ids of the forms.
 */
export async function checkForms(root, report) {
  const section = report.section('Forms', 'forms/*.form', 'form');
  const formIds = new Map();
  let renderer;
  for (const file of await listFiles(root, 'forms', '.form')) {
    section.checked++;
    const schema = await readJson(root, file, section);
    if (schema === undefined) {
      continue;
    }
    const subject = typeof schema?.id === 'string' && schema.id ? `[${schema.id}]` : '[(no id)]';
    checkId(file, schema, formIds, section);
    const duplicates = duplicateKeys(schema);
    for (const [key, components] of duplicates) {
      section.error(file, subject, `key "${key}" is bound by ${components.length} components (${components.join(', ')}): `
        + 'each key is one process variable, so give each component its own key');
    }
    for (const message of feelSyntaxErrors(schema)) {
      section.error(file, subject, message);
    }
    if (duplicates.size > 0) {
      continue; // form-js refuses such a form outright; the duplicates say why
    }
    renderer ??= await FormRenderer.create();
    const { errors, warnings } = await renderer.render(schema);
    errors.forEach((message) => section.error(file, subject, message));
    warnings.forEach((message) => section.warning(file, subject, message));
  }
  return new Set(formIds.keys());
}

function checkId(file, schema, formIds, section) {
  if (typeof schema?.id !== 'string' || schema.id.trim() === '') {
    section.error(file, '', 'has no "id": a user task links a form by its id (zeebe:formDefinition formId)');
  } else if (formIds.has(schema.id)) {
    section.error(file, `[${schema.id}]`, `has the same id as ${formIds.get(schema.id)}: a formId must name one form`);
  } else {
    formIds.set(schema.id, file);
  }
}

/**
 * Keys by the data path they bind, the way form-js binds them: a group or dynamic list with a "path" nests the
 * keys of its components under that path.
 */
function duplicateKeys(schema) {
  const components = new Map();
  (function walk(children, prefix) {
    for (const component of Array.isArray(children) ? children : []) {
      if (typeof component?.key === 'string' && component.key) {
        const key = [...prefix, component.key].join('.');
        const name = component.id ?? component.label ?? component.type;
        components.set(key, [...(components.get(key) ?? []), `${component.type} ${JSON.stringify(name)}`]);
      }
      const path = typeof component?.path === 'string' && component.path ? [...prefix, component.path] : prefix;
      walk(component?.components, path);
    }
  })(schema?.components, []);
  return new Map([...components].filter(([, names]) => names.length > 1));
}

let textRenderer;

/**
 * What a form shows for these variables, as form-js renders it: the text of each element that holds text (a label,
 * a table cell, a paragraph), in document order. For tests of what a person sees in a form.
 */
export async function shownText(schema, variables) {
  textRenderer ??= await FormRenderer.create();
  return textRenderer.shownText(schema, variables);
}

/** form-js's viewer in one jsdom window, set up once because loading them takes most of the time. */
class FormRenderer {
  #jsdomProblems = [];

  static async create() {
    const { JSDOM, VirtualConsole } = await import('jsdom');
    const renderer = new FormRenderer();
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (error) => renderer.#jsdomProblems.push(error.message));
    const { window } = new JSDOM('<!DOCTYPE html><html><body></body></html>', {
      url: 'http://localhost/', pretendToBeVisual: true, virtualConsole
    });
    // form-js and preact expect a browser's globals.
    for (const key of Object.getOwnPropertyNames(window)) {
      if (!(key in globalThis)) {
        globalThis[key] = window[key];
      }
    }
    globalThis.DataTransfer ??= EmptyDataTransfer;
    renderer.Form = require('@bpmn-io/form-js-viewer').Form;
    // act() runs preact's effects and re-renders before it returns, so their errors count too.
    renderer.act = require('preact/test-utils').act;
    return renderer;
  }

  async shownText(schema, variables) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const form = new this.Form({ container });
    try {
      await this.act(async () => {
        await form.importSchema(schema, variables);
      });
      return [...container.querySelectorAll('*')].filter((element) => element.children.length === 0)
        .map((element) => element.textContent.trim()).filter(Boolean);
    } finally {
      form.destroy();
      container.remove();
    }
  }

  async render(schema) {
    const errors = [];
    const warnings = [];
    this.#jsdomProblems = [];
    const container = document.createElement('div');
    document.body.appendChild(container);
    const form = new this.Form({ container });
    form.on('error', ({ error }) => {
      const message = renderError(error);
      if (message) {
        errors.push(message);
      }
    });
    try {
      await this.act(async () => {
        const result = await form.importSchema(schema, {});
        result.warnings.forEach((warning) => warnings.push(`import warning: ${warning.message ?? warning}`));
      });
      await this.act(() => form.validate());
      errors.push(...unrendered(schema, container));
    } catch (error) {
      errors.push(`form-js cannot import or render it: ${error.message}`);
    } finally {
      form.destroy();
      container.remove();
    }
    this.#jsdomProblems.forEach((message) => warnings.push(`the test DOM could not do everything: ${message}`));
    return { errors: [...new Set(errors)], warnings };
  }
}

/**
 * Every "=..." string of a form is a FEEL expression. form-js reports one that does not parse without saying which,
 * so each is parsed here (evaluated with no variables) to name the component and the property that holds it.
 */
function feelSyntaxErrors(schema) {
  const messages = [];
  (function walk(value, component, path) {
    if (typeof value === 'string' && value.startsWith('=')) {
      try {
        evaluateFeel(value.slice(1), {});
      } catch (error) {
        if (isFeelSyntaxError(error)) {
          messages.push(`${component} ${path}: FEEL expression ${JSON.stringify(value)} does not parse (${error.message})`);
        }
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, component, `${path}[${index}]`));
    } else if (value && typeof value === 'object') {
      const isComponent = typeof value.type === 'string' && path.endsWith(']');
      for (const [key, child] of Object.entries(value)) {
        const owner = isComponent ? `component ${JSON.stringify(value.id ?? value.key ?? value.type)}` : component;
        walk(child, owner, isComponent ? key : `${path}.${key}`);
      }
    }
  })(schema?.components ?? [], 'form', 'components');
  return messages;
}

function isFeelSyntaxError(error) {
  return error instanceof FeelSyntaxError;
}

/** The FEEL syntax errors are reported with their place by feelSyntaxErrors. */
function renderError(error) {
  return isFeelSyntaxError(error) ? undefined : `error while rendering: ${error?.message ?? error}`;
}

/** Fields that should show with no data (not hidden by a condition, not in a list) but have no element. */
function unrendered(schema, container) {
  if (!container.querySelector('form.fjs-form')) {
    return ['form-js rendered no <form>'];
  }
  const expected = new Map();
  (function walk(children) {
    for (const component of Array.isArray(children) ? children : []) {
      if (component?.conditional?.hide) {
        continue;
      }
      if (!NON_VISUAL_TYPES.has(component.type)) {
        expected.set(component.type, (expected.get(component.type) ?? 0) + 1);
      }
      if (component.type !== 'dynamiclist') {
        walk(component.components);
      }
    }
  })(schema.components);
  const problems = [];
  for (const [type, count] of expected) {
    const rendered = /^[\w-]+$/.test(type) ? container.querySelectorAll(`.fjs-form-field-${type}`).length : 0;
    if (rendered < count) {
      problems.push(`only ${rendered} of ${count} "${type}" components rendered`);
    }
  }
  return problems;
}

/**
 * jsdom has no DataTransfer; form-js's file picker uses one to put the selected files on its input. With no data
 * there are no files, and an empty file input gives the empty FileList the picker needs.
 */
class EmptyDataTransfer {
  items = {
    add() {
      throw new Error('the test DOM cannot hold selected files');
    }
  };

  get files() {
    const input = document.createElement('input');
    input.type = 'file';
    return input.files;
  }
}
