// Proves that each check accepts valid models and rejects broken ones, by running the checker as CI does on
// small repositories under fixtures/ (each holds bpmn/, forms/ and element-templates/ like the real one).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => path.join(here, 'fixtures', name);

function checkModels(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(here, 'check-models.mjs'), ...args], (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, output: stdout + stderr });
    });
  });
}

function assertReports(output, ...lines) {
  for (const line of lines) {
    assert.ok(output.includes(line), `expected the output to contain\n  ${line}\nbut it was\n${output}`);
  }
}

test('accepts a minimal valid template, form and processes', async () => {
  const { code, output } = await checkModels(fixture('valid'));
  assert.equal(code, 0, output);
  assertReports(output, 'Model checks: 0 errors, 0 warnings (checked 1 template, 1 form, 2 BPMN files)');
});

test('rejects a template that misses required fields, naming file, template and JSON path', async () => {
  const { code, output } = await checkModels(fixture('broken-template'));
  assert.equal(code, 1, output);
  const template = 'element-templates/templates.json [/1 io.mediaflow.fixture.MissingFields]';
  assertReports(output,
    `ERROR ${template}: /1: missing template name`,
    `ERROR ${template}: /1: missing appliesTo=[]`,
    `ERROR ${template}: /1/properties/0: missing binding`,
    // the valid template in the same array is not blamed
    'Model checks: 3 errors, 0 warnings (checked 2 templates');
});

test('checks the earlier versions under element-templates/versioned/ as well', async () => {
  const { code, output } = await checkModels(fixture('history'));
  assert.equal(code, 0, output);
  assertReports(output, 'Model checks: 0 errors, 0 warnings (checked 2 templates, 0 forms, 0 BPMN files)');
});

test('rejects a broken earlier version, naming its file under versioned/', async () => {
  await withRepository([
    ['valid/element-templates/transcode-worker.json', 'element-templates/transcode-worker.json'],
    ['broken-template/element-templates/templates.json', 'element-templates/versioned/templates.json']
  ], async (root) => {
    const { code, output } = await checkModels(root);
    assert.equal(code, 1, output);
    assertReports(output,
      'ERROR element-templates/versioned/templates.json [/1 io.mediaflow.fixture.MissingFields]: /1: missing template name',
      'Model checks: 3 errors,');
  });
});

test('rejects an earlier version with the id and version of the current template', async () => {
  await withRepository([
    ['valid/element-templates/transcode-worker.json', 'element-templates/transcode-worker.json'],
    ['valid/element-templates/transcode-worker.json', 'element-templates/versioned/io.mediaflow.fixture.Transcode-1.json']
  ], async (root) => {
    const { code, output } = await checkModels(root);
    assert.equal(code, 1, output);
    assertReports(output,
      'ERROR element-templates/versioned/io.mediaflow.fixture.Transcode-1.json [io.mediaflow.fixture.Transcode v1]: '
        + 'has the same id and version as the template in element-templates/transcode-worker.json',
      'Model checks: 1 error,');
  });
});

test('rejects a process with a dangling formId, a user task without a form and a disconnected element', async () => {
  const { code, output } = await checkModels(fixture('broken-process'));
  assert.equal(code, 1, output);
  assertReports(output,
    'ERROR bpmn/broken.bpmn Task_Review "Review rendition": formId "no-such-form" names no form in forms/ '
      + '(known ids: fixture-review-form)',
    'ERROR bpmn/broken.bpmn Task_Approve "Approve rendition": user task has no form',
    'ERROR bpmn/broken.bpmn Task_Orphan "Purge cache": Element is not connected [no-disconnected]',
    // a Camunda compatibility rule runs too, and its warnings are printed without failing
    'warn  bpmn/broken.bpmn Task_Approve "Approve rendition": Element of type <bpmn:UserTask> must have one '
      + 'extension element of type <zeebe:FormDefinition> [camunda-compat/user-task-definition]');
});

test('rejects a form whose components share a key', async () => {
  const { code, output } = await checkModels(fixture('broken-form'));
  assert.equal(code, 1, output);
  assertReports(output,
    'ERROR forms/duplicate-key.form [fixture-duplicate-key-form]: key "title" is bound by 2 components '
      + '(textfield "Field_Title", textfield "Field_Headline")',
    'Model checks: 1 error,');
});

test('reports files it cannot read instead of stopping', async () => {
  const { code, output } = await checkModels(fixture('unreadable'));
  assert.equal(code, 1, output);
  assertReports(output,
    'ERROR element-templates/truncated.json: is not valid JSON',
    'ERROR forms/truncated.form: is not valid JSON',
    'ERROR bpmn/truncated.bpmn: cannot be read as BPMN',
    'Model checks: 3 errors,');
});

/** A repository made for one test from [fixture file, path in the repository] pairs. */
async function withRepository(copies, run) {
  const root = await mkdtemp(path.join(tmpdir(), 'mediaflow-models-'));
  try {
    for (const [from, to] of copies) {
      await mkdir(path.dirname(path.join(root, to)), { recursive: true });
      await cp(fixture(from), path.join(root, to));
    }
    await run(root);
  } finally {
    await rm(root, { recursive: true });
  }
}

test('rejects two processes or two forms that share an id, which one deployment cannot hold', async () => {
  await withRepository([
    ['valid/bpmn/transcode.bpmn', 'bpmn/transcode.bpmn'],
    ['valid/bpmn/transcode.bpmn', 'bpmn/transcode-copy.bpmn'],
    ['valid/forms/review.form', 'forms/review.form'],
    ['valid/forms/review.form', 'forms/review-copy.form']
  ], async (root) => {
    const { code, output } = await checkModels(root);
    assert.equal(code, 1, output);
    assertReports(output,
      'ERROR bpmn/transcode.bpmn fixture-transcode: process id is already used by bpmn/transcode-copy.bpmn',
      'ERROR forms/review.form [fixture-review-form]: has the same id as forms/review-copy.form',
      'Model checks: 2 errors,');
  });
});

test('rejects a label on a shape, on another label or on its own event, and an event without label bounds', async () => {
  const clean = await readFile(fixture('valid/bpmn/transcode.bpmn'), 'utf8');
  const startLabel = '<dc:Bounds x="132" y="145" width="77" height="27" />';
  const endLabel = '<dc:Bounds x="368" y="145" width="85" height="14" />';
  assert.ok(clean.includes(startLabel) && clean.includes(endLabel), 'the planted diagrams start from the clean one');
  const planted = (from, to) => clean.replace(from, to);
  await withRepository([], async (root) => {
    await mkdir(path.join(root, 'bpmn'));
    const files = {
      // the clean diagram, whose labels sit below their events, next to the planted ones
      'clean.bpmn': clean,
      // the start event's label moved onto the task, the end event's onto its own event
      'on-shapes.bpmn': planted(startLabel, '<dc:Bounds x="230" y="100" width="77" height="27" />')
        .replace(endLabel, '<dc:Bounds x="380" y="130" width="85" height="14" />'),
      // the end event's label moved under the start event's, a label touching it only at an edge is fine
      'on-label.bpmn': planted(endLabel, '<dc:Bounds x="150" y="160" width="85" height="14" />'),
      'touching.bpmn': planted(endLabel, '<dc:Bounds x="209" y="145" width="31" height="14" />'),
      'no-label.bpmn': planted(`<bpmndi:BPMNLabel>${endLabel}</bpmndi:BPMNLabel>`, '')
    };
    for (const [name, xml] of Object.entries(files)) {
      await writeFile(path.join(root, 'bpmn', name), xml.replace(/fixture-transcode/g, `fixture-${name}`));
    }
    const { code, output } = await checkModels(root);
    assert.equal(code, 1, output);
    assertReports(output,
      'ERROR bpmn/on-shapes.bpmn StartEvent_Requested "Transcode requested": label (x=230, y=100, 77x27) overlaps '
        + 'the shape of Task_Transcode (x=240, y=80, 100x80)',
      'ERROR bpmn/on-shapes.bpmn EndEvent_Transcoded "Video transcoded": label (x=380, y=130, 85x14) overlaps '
        + 'its own shape (x=392, y=102, 36x36)',
      'ERROR bpmn/on-label.bpmn StartEvent_Requested "Transcode requested": label (x=132, y=145, 77x27) overlaps '
        + 'the label of EndEvent_Transcoded (x=150, y=160, 85x14)',
      'ERROR bpmn/no-label.bpmn EndEvent_Transcoded "Video transcoded": "Video transcoded" has no label bounds',
      // nothing about clean.bpmn or touching.bpmn
      'Model checks: 4 errors, 0 warnings (checked 0 templates, 0 forms, 5 BPMN files)');
    assert.ok(!output.includes('bpmn/clean.bpmn') && !output.includes('bpmn/touching.bpmn'), output);
  });
});

test('passes a repository that has no models yet', async () => {
  await withRepository([], async (root) => {
    const { code, output } = await checkModels(root);
    assert.equal(code, 0, output);
    assertReports(output, 'Model checks: 0 errors, 0 warnings (checked 0 templates, 0 forms, 0 BPMN files)');
  });
});

test('refuses to run without a repository root', async () => {
  const { code, output } = await checkModels();
  assert.equal(code, 2, output);
  assertReports(output, 'Usage: node check-models.mjs <repository root>');
});
