// Registers the dayjs month and day names of the built-in locales (English is part of dayjs).
import 'dayjs/locale/de.js';
import 'dayjs/locale/lt.js';
import 'dayjs/locale/pl.js';
