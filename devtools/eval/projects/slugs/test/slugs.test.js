'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const slugs = require('../slugs.js');

test('normalizeTitle trims and collapses the spaces', () => {
  assert.equal(slugs.normalizeTitle('  My   first  post '), 'My first post');
});

test('slugify lowers and joins the words', () => {
  assert.equal(slugs.slugify('  Hello, World! 2024 '), 'hello-world-2024');
  assert.equal(slugs.slugify('Hello World', '_'), 'hello_world');
});

test('truncate keeps short slugs and cuts long ones at a separator', () => {
  assert.equal(slugs.truncate('short-slug'), 'short-slug');
  assert.equal(slugs.truncate('a'.repeat(40)), 'a'.repeat(40));
  assert.equal(slugs.truncate('abc-defgh-ij', 8), 'abc');
  assert.equal(slugs.truncate('abcdefghij', 4), 'abcd');
  assert.equal(slugs.truncate('ab-cd', 5), 'ab-cd');
});

test('the default limit is forty characters', () => {
  const long = `${'a'.repeat(38)}-bbbb`;
  assert.equal(slugs.truncate(long), 'a'.repeat(38));
  assert.equal(slugs.MAX_LENGTH, 40);
});

test('shorten makes a slug no longer than the limit', () => {
  assert.equal(slugs.shorten('The Quick Brown Fox', 12), 'the-quick');
});

test('uniqueSlug numbers a slug that is taken', () => {
  assert.equal(slugs.uniqueSlug('My Post', []), 'my-post');
  assert.equal(slugs.uniqueSlug('My Post', ['my-post']), 'my-post-2');
  assert.equal(slugs.uniqueSlug('My Post', ['my-post', 'my-post-2']), 'my-post-3');
  assert.equal(slugs.uniqueSlug('My Post'), 'my-post');
  assert.equal(slugs.uniqueSlug('x'.repeat(50)), 'x'.repeat(40));
});

test('countWords counts the parts of a slug', () => {
  assert.equal(slugs.countWords('one-two-three'), 3);
  assert.equal(slugs.countWords('one-'), 2);
  assert.equal(slugs.countWords('one'), 1);
  assert.equal(slugs.countWords(''), 0);
});

test('preview shows the first three words', () => {
  assert.equal(slugs.preview('a-b-c-d'), 'a-b-c...');
  assert.equal(slugs.preview('a-b-c'), 'a-b-c');
  assert.equal(slugs.preview('a-b-c-d', 2), 'a-b...');
});

test('isValid accepts slugs only', () => {
  assert.equal(slugs.isValid('my-post-2'), true);
  assert.equal(slugs.isValid(''), false);
  assert.equal(slugs.isValid('My Post'), false);
  assert.equal(slugs.isValid('-post'), false);
  assert.equal(slugs.isValid('a'.repeat(40)), true);
  assert.equal(slugs.isValid('a'.repeat(41)), false);
});
