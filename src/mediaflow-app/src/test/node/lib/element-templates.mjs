import { createRequire } from 'node:module';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import { listFiles, readJson } from './files.mjs';

const require = createRequire(import.meta.url);
const SCHEMA_PACKAGE = '@camunda/zeebe-element-templates-json-schema';
const schema = require(`${SCHEMA_PACKAGE}/resources/schema.json`);
const errorMessages = require(`${SCHEMA_PACKAGE}/resources/error-messages.json`);

/**
 * Validates every element-templates/*.json and element-templates/versioned/*.json (the earlier versions that models
 * may still use; one template or an array of them per file) against the official Zeebe element template schema,
 * the way Camunda Modeler does, and checks that no two templates share id and version, current or earlier.
 */
export async function checkElementTemplates(root, report) {
  const section = report.section('Element templates', 'element-templates/{,versioned/}*.json', 'template');
  let validate; // compiling the schema takes a while; only when there is something to validate
  const seen = new Map();
  const files = [
    ...await listFiles(root, 'element-templates', '.json'),
    ...await listFiles(root, 'element-templates/versioned', '.json')
  ];
  for (const file of files) {
    const content = await readJson(root, file, section);
    if (content === undefined) {
      continue;
    }
    const templates = Array.isArray(content)
      ? content.map((template, index) => ({ template, pointer: `/${index}` }))
      : [{ template: content, pointer: '' }];
    if (templates.length === 0) {
      section.error(file, '', 'holds an empty array: a template file needs at least one template');
    }
    for (const { template, pointer } of templates) {
      section.checked++;
      validate ??= templateValidator();
      const subject = describe(template, pointer);
      if (!validate(template)) {
        for (const message of schemaErrors(validate.errors, pointer)) {
          section.error(file, subject, message);
        }
      }
      const key = identity(template);
      if (key) {
        if (seen.has(key)) {
          section.error(file, subject, `has the same id and version as the template in ${seen.get(key)}: `
            + 'Modeler shows only one of them; give one a new id or a higher version');
        } else {
          seen.set(key, file);
        }
      }
    }
  }
}

/**
 * One template, not the schema's root (which also accepts an array), so a template's errors are not mixed with
 * "must be array". Like Camunda Modeler: ajv with all errors, the schema's own error messages (ajv-errors), and
 * strict mode off because the schema keeps annotations ajv's strict mode rejects. $data is on because the schema
 * uses it (a property's condition must not depend on the property itself).
 */
function templateValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false, $data: true });
  ajvErrors(ajv);
  ajv.addSchema(withErrorMessages(schema));
  return ajv.getSchema(`${schema.$id}#/definitions/template`);
}

function withErrorMessages(original) {
  const copy = structuredClone(original);
  for (const { path, errorMessage } of errorMessages) {
    const node = path.reduce((parent, key) => parent[key], copy);
    node.errorMessage = errorMessage;
  }
  return copy;
}

/** Readable, de-duplicated messages; "if" errors only say that a "then" failed, which is reported by itself. */
function schemaErrors(errors, pointer) {
  const messages = errors
    .filter((error) => error.keyword !== 'if')
    .map((error) => `${pointer + error.instancePath || '/'}: ${error.message}${detail(error)}`);
  return [...new Set(messages)];
}

function detail({ keyword, params }) {
  switch (keyword) {
    case 'additionalProperties':
      return ` ("${params.additionalProperty}")`;
    case 'enum':
      return ` (one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')})`;
    case 'const':
      return ` (${JSON.stringify(params.allowedValue)})`;
    default:
      return '';
  }
}

function describe(template, pointer) {
  const id = template && typeof template === 'object' && typeof template.id === 'string' ? template.id : '(no id)';
  const version = template && Number.isInteger(template.version) ? ` v${template.version}` : '';
  return `[${pointer ? `${pointer} ` : ''}${id}${version}]`;
}

function identity(template) {
  if (!template || typeof template !== 'object' || typeof template.id !== 'string') {
    return undefined;
  }
  return `${template.id}@${template.version ?? ''}`;
}
