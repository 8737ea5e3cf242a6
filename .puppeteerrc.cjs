/** Puppeteer (DAISY Ace drives a browser with it) never downloads one: Ace runs the system's Chromium. */
module.exports = { skipDownload: true };
