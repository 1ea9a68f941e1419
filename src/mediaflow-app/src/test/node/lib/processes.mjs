import { createRequire } from 'node:module';
import { BpmnModdle } from 'bpmn-moddle';
import bpmnlint from 'bpmnlint';
import NodeResolver from 'bpmnlint/lib/resolver/node-resolver.js';
import { listFiles, readText } from './files.mjs';
import { findLabelOverlaps } from './labels.mjs';

const require = createRequire(import.meta.url);
const zeebeModdle = require('zeebe-bpmn-moddle/resources/zeebe.json');

/** bpmnlint's recommended rules plus what Camunda 8.8 supports, as Camunda Modeler checks an 8.8 diagram. */
export const LINT_CONFIG = {
  extends: ['bpmnlint:recommended', 'plugin:camunda-compat/camunda-cloud-8-8']
};

/**
 * Lints every bpmn/*.bpmn (errors fail, warnings are printed) and checks that each user task links a form that
 * forms/ holds, by formId: the engine resolves the id at run time, so a wrong one only shows when a task is created.
 *
 * @param formIds the ids of the forms in forms/
 */
export async function checkProcesses(root, report, formIds) {
  const section = report.section('Processes', 'bpmn/*.bpmn', 'BPMN file');
  const moddle = new BpmnModdle({ zeebe: zeebeModdle });
  const processFiles = new Map();
  for (const file of await listFiles(root, 'bpmn', '.bpmn')) {
    section.checked++;
    const xml = await readText(root, file);
    let parsed;
    try {
      parsed = await moddle.fromXML(xml);
    } catch (error) {
      section.error(file, '', `cannot be read as BPMN: ${oneLine(error.message)}`);
      continue;
    }
    const elements = parsed.elementsById;
    // Unknown elements or attributes and dangling references: the engine or Modeler would choke on them.
    for (const { element, message } of parsed.warnings) {
      const where = element?.id ? subject(elements, element.id) : element ? `<${element.$type}>` : '';
      section.error(file, where, `cannot be read as BPMN: ${oneLine(message)}`);
    }
    // A linter per file: a linter keeps its rules, and some rules remember what they saw. Rules resolve from this
    // project's node_modules, whatever the working directory.
    const linter = new bpmnlint.Linter({ config: LINT_CONFIG, resolver: new NodeResolver({ require }) });
    const results = await linter.lint(parsed.rootElement);
    for (const [rule, reports] of Object.entries(results)) {
      for (const { id, message, category, path } of reports) {
        const where = subject(elements, id, path);
        const text = `${message} [${rule}]`;
        if (category === 'warn' || category === 'info') {
          section.warning(file, where, text);
        } else {
          // 'error', and 'rule-error' when a rule itself failed on this diagram
          section.error(file, where, text);
        }
      }
    }
    checkFormLinks(file, elements, formIds, section);
    for (const { subject: id, message } of findLabelOverlaps(parsed.rootElement)) {
      section.error(file, subject(elements, id), message);
    }
    checkProcessIds(file, parsed.rootElement, processFiles, section);
  }
}

/** All of bpmn/ is deployed at once, and the engine refuses a deployment in which two processes share an id. */
function checkProcessIds(file, definitions, processFiles, section) {
  for (const process of definitions.rootElements ?? []) {
    if (!process.$instanceOf('bpmn:Process')) {
      continue;
    }
    if (processFiles.has(process.id)) {
      section.error(file, process.id, `process id is already used by ${processFiles.get(process.id)}: `
        + 'the deployment of bpmn/ would be refused');
    } else {
      processFiles.set(process.id, file);
    }
  }
}

function checkFormLinks(file, elements, formIds, section) {
  for (const element of Object.values(elements)) {
    const formDefinitions = (element.extensionElements?.values ?? [])
      .filter((value) => value.$instanceOf('zeebe:FormDefinition'));
    const where = subject(elements, element.id);
    if (element.$instanceOf('bpmn:UserTask') && formDefinitions.length === 0) {
      section.error(file, where, 'user task has no form: add <zeebe:formDefinition formId="..."/> naming a form '
        + 'in forms/ (Camunda Modeler: Form > Type "Camunda Form (linked)")');
    }
    for (const formDefinition of formDefinitions) {
      if (formDefinition.formId) {
        if (!formIds.has(formDefinition.formId)) {
          section.error(file, where, `formId "${formDefinition.formId}" names no form in forms/ (${known(formIds)})`);
        }
      } else if (element.$instanceOf('bpmn:UserTask')) {
        section.error(file, where, 'user task form is not linked by formId: Mediaflow deploys its forms from '
          + 'forms/ and links them by the form\'s id');
      }
    }
  }
}

/** moddle puts the line, column and cause of a parse problem on lines of their own. */
function oneLine(message) {
  return message.split('\n').map((part) => part.trim()).join('; ');
}

function known(formIds) {
  return formIds.size === 0 ? 'forms/ holds none' : `known ids: ${[...formIds].sort().join(', ')}`;
}

/** "Task_1 "Review rendition"" and where in the element, for a report about an element; '' for the file. */
function subject(elements, id, path) {
  if (!id) {
    return '';
  }
  const name = elements[id]?.name;
  const location = path?.length ? ` at ${pathString(path)}` : '';
  return `${id}${name ? ` "${name}"` : ''}${location}`;
}

function pathString(path) {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${key}`)).join('');
}
