#!/usr/bin/env node
// Checks Mediaflow's Camunda artefacts before anyone opens them in Camunda Modeler or deploys them:
//   element-templates/*.json  against the official Zeebe element template JSON schema
//   bpmn/*.bpmn               bpmnlint (recommended + Camunda 8.8 compatibility), links to forms/ by formId,
//                             and no label on a shape or on another label
//   forms/*.form              ids, unique keys, FEEL syntax, and form-js importing and rendering each one
// Usage: node check-models.mjs <repository root>. Exits 1 when anything is in error, 2 on bad usage.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { checkElementTemplates } from './lib/element-templates.mjs';
import { checkForms } from './lib/forms.mjs';
import { checkProcesses } from './lib/processes.mjs';
import { Report } from './lib/report.mjs';

const args = process.argv.slice(2);
if (args.length !== 1) {
  console.error('Usage: node check-models.mjs <repository root>');
  process.exit(2);
}
const root = path.resolve(args[0]);
if (!(await stat(root).catch(() => null))?.isDirectory()) {
  console.error(`check-models: ${root} is not a directory`);
  process.exit(2);
}

console.log(`Checking the Camunda models in ${root}`);
const report = new Report();
await checkElementTemplates(root, report);
// Forms before processes: a process's formIds must name forms that exist.
const formIds = await checkForms(root, report);
await checkProcesses(root, report, formIds);
report.print();
process.exitCode = report.errorCount > 0 ? 1 : 0;
