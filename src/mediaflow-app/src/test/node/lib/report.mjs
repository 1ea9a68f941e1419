/**
 * Collects what the checks find, grouped by check, and prints it so that every line names the file and the
 * element, template or field to fix.
 */
export class Report {
  #sections = [];

  /** @param noun what the section counts as checked, in the singular */
  section(title, pattern, noun) {
    const section = new Section(title, pattern, noun);
    this.#sections.push(section);
    return section;
  }

  get sections() {
    return this.#sections;
  }

  get errorCount() {
    return sum(this.#sections, (s) => s.errors.length);
  }

  get warningCount() {
    return sum(this.#sections, (s) => s.warnings.length);
  }

  print(log = console.log) {
    for (const section of this.#sections) {
      section.print(log);
    }
    const counts = this.#sections.map((s) => s.checkedSummary()).join(', ');
    log('');
    log(`Model checks: ${plural(this.errorCount, 'error')}, ${plural(this.warningCount, 'warning')} (checked ${counts})`);
  }
}

class Section {
  errors = [];
  warnings = [];
  checked = 0;

  constructor(title, pattern, noun) {
    this.title = title;
    this.pattern = pattern;
    this.noun = noun;
  }

  /** @param file path relative to the repository root; subject: the template, element or field, or '' */
  error(file, subject, message) {
    this.errors.push({ file, subject, message });
  }

  warning(file, subject, message) {
    this.warnings.push({ file, subject, message });
  }

  checkedSummary() {
    return plural(this.checked, this.noun);
  }

  print(log) {
    log('');
    const nothing = this.checked === 0 && this.errors.length === 0;
    log(`${this.title} (${this.pattern}): ${nothing ? 'none found' : `${this.checkedSummary()} checked`}`);
    for (const entry of this.errors) {
      log(line('ERROR', entry));
    }
    for (const entry of this.warnings) {
      log(line('warn ', entry));
    }
    if (this.checked > 0 && this.errors.length === 0) {
      log(`  ok${this.warnings.length ? ` (${plural(this.warnings.length, 'warning')})` : ''}`);
    }
  }
}

function line(label, { file, subject, message }) {
  return `  ${label} ${file}${subject ? ` ${subject}` : ''}: ${message}`;
}

function sum(items, count) {
  return items.reduce((total, item) => total + count(item), 0);
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
