'use strict';
// Slugs for titles: lower-case words joined by a separator, cut to a length, made unique.

const MAX_LENGTH = 40;
const SEPARATOR = '-';

function normalizeTitle(title) {
  return title.trim().replace(/\s+/g, ' ');
}

function slugify(title, separator = SEPARATOR) {
  const words = title.toLowerCase().split(/[^a-z0-9]+/);
  return words.filter((word) => word.length > 0).join(separator);
}

function truncate(slug, limit = MAX_LENGTH) {
  if (slug.length <= limit) {
    return slug;
  }
  const cut = slug.slice(0, limit);
  const last = cut.lastIndexOf(SEPARATOR);
  return last > 0 ? cut.slice(0, last) : cut;
}

function shorten(title, limit) {
  return truncate(slugify(title), limit);
}

function uniqueSlug(title, taken) {
  if (!taken) {
    return truncate(slugify(title));
  }
  const base = truncate(slugify(title));
  let candidate = base;
  let number = 2;
  while (taken.includes(candidate)) {
    candidate = `${base}${SEPARATOR}${number}`;
    number += 1;
  }
  return candidate;
}

function countWords(slug) {
  let count = 0;
  for (let index = 0; index < slug.length; index++) {
    if (slug[index] === SEPARATOR) {
      count += 1;
    }
  }
  return slug.length === 0 ? 0 : count + 1;
}

function preview(slug, words = 3) {
  const parts = slug.split(SEPARATOR);
  const shown = parts.slice(0, words).join(SEPARATOR);
  return parts.length > words ? `${shown}...` : shown;
}

function isValid(slug) {
  if (slug.length > MAX_LENGTH) {
    return false;
  }
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

module.exports = { MAX_LENGTH, normalizeTitle, slugify, truncate, shorten, uniqueSlug, countWords, preview, isValid };
