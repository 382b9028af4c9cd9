import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findReferences } from './check-references.mjs';

const SCRIPT = path.join(import.meta.dirname, 'check-references.mjs');

describe('findReferences', () => {
  it.each([
    '// The login message for a gated user (spec 1 §4).',
    '/** Spec 2 §3, §9: the five alert types. */',
    'see spec §5',
    '// §3: the default is light',
    '// The duplicate rule (D11).',
    " * D14's fields only",
    '/** POST /api/register (D4–D8b). */',
    "describe('sign-in limits (D8b)', () => {",
    '// decisions D4: the username is the e-mail address',
    '// `npm run load` (issue 14): 200 simulated users',
    '// Issue 9, item 3: one user with 15,000 albums',
    '// Issues 2 and 14: signed-in GET /api/user',
    '// the thief (issue #9) was a closing menu',
    '// Names follow style §11.',
    '# builds from source (stack.md).',
    '// colours from look.md',
    '- The product specification: `../shared/spec/`.',
    '// ../shared/guide/style.md',
  ])('flags %j', (line) => {
    expect(findReferences(line)).toEqual([{ line: 1, text: line.trim() }]);
  });

  it.each([
    '// docs/product/albums.md#duplicates: same title and artist in one collection.',
    "border-color: '#D1D5DB';",
    "const accent = '#D12';",
    'const useD3Scale = makeD11Key();',
    '// Dates are ISO 8601 (YYYY-MM-DD).',
    '// EAN-13 (13 digits) and UPC-A (12 digits).',
    "expect(res.statusCode).toBe(402); // 402 Payment Required, 413 Payload Too Large",
    "const barcode = '4006381333931';",
    '// An issue without a path is about the body itself.',
    "import { signIn } from './support/helpers'; // e2e/auth.spec.ts",
    '// The specification of the CSV dialect: RFC 4180.',
  ])('leaves %j alone', (line) => {
    expect(findReferences(line)).toEqual([]);
  });

  it('numbers the lines it flags from 1', () => {
    expect(findReferences('const a = 1;\n// Issue 3 at 10,000 albums\nconst b = 2;\n  /** D17. */')).toEqual([
      { line: 2, text: '// Issue 3 at 10,000 albums' },
      { line: 4, text: '/** D17. */' },
    ]);
  });
});

describe('the check as `npm run lint` runs it', () => {
  let repo = '';
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  /** A git repository with these files (path → text), all tracked unless named in `untracked`. */
  function repository(files, untracked = []) {
    repo = mkdtempSync(path.join(tmpdir(), 'check-references-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
      writeFileSync(path.join(repo, name), text);
    }
    const tracked = Object.keys(files).filter((name) => !untracked.includes(name));
    execFileSync('git', ['add', '--', ...tracked], { cwd: repo });
    return repo;
  }

  const run = (cwd) => spawnSync(process.execPath, [SCRIPT], { cwd, encoding: 'utf8' });

  it('prints each citation as path:line: text and fails', () => {
    const result = run(
      repository({
        'src/common/access.ts': "export const a = 1;\n/** The login message (spec 1 §4). */\nexport const b = 'x';\n",
        'e2e/auth.spec.ts': "test.describe('auth page (D13)', () => {});\n",
        'bench/load.mjs': '// fine\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n').filter(Boolean).sort()).toEqual([
      "e2e/auth.spec.ts:1: test.describe('auth page (D13)', () => {});",
      'src/common/access.ts:2: /** The login message (spec 1 §4). */',
    ]);
    expect(result.stderr).toContain('docs/product/README.md#how-to-cite');
  });

  it('passes, silently, when the tracked files of src, e2e, security, bench and scripts cite nothing outside', () => {
    const result = run(
      repository(
        {
          'src/common/access.ts': '/** Who may use the product (docs/product/subscription.md#access). */\n',
          'security/routes.test.ts': "it('answers 401', () => {});\n",
          'scripts/build.mjs': '// builds\n',
          // Outside the checked folders, or not tracked: not the guard's business.
          'docs/decisions.md': 'D11: duplicates (spec 1 §5)\n',
          'src/web/draft.ts': '// issue 9\n',
          'public/icon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x44, 0x31, 0x31]),
        },
        ['src/web/draft.ts'],
      ),
    );
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('skips binary files, whose bytes can spell anything', () => {
    const bytes = Buffer.concat([Buffer.from('\x00\x01'), Buffer.from(' issue 9 D11 spec 1 §4 ')]);
    const result = run(repository({ 'src/web/screenshot.webp': bytes }));
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });
});
