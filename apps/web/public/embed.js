/*
 * Inkstone's embedding helper: open the editor on a text from any page, in a frame over the page
 * or in a popup, and get the text back as it changes. Documented in docs/how-to/embed.md.
 *
 *   <script src="https://your-inkstone.example.org/embed.js"></script>
 *   const inkstone = new Inkstone();            // the Inkstone this script came from
 *   inkstone.on('fileChange', (file) => { textarea.value = file.content.text; });
 *   inkstone.on('close', () => {});
 *   inkstone.openFile({ name: 'My post', content: { text: textarea.value } });
 *
 * Messages are taken only from the Inkstone origin and from the window this helper opened; the
 * editor sends them only to this page's origin.
 */
(function () {
  'use strict';

  var current = document.currentScript;
  var scriptUrl = current && current.src ? current.src : window.location.href;

  /** @param {{ url?: string, popup?: boolean }} [options] */
  function Inkstone(options) {
    options = options || {};
    this.url = new URL(options.url || './', scriptUrl).href;
    this.appOrigin = new URL(this.url).origin;
    this.popup = options.popup === true;
    this.listeners = { fileChange: [], close: [], ready: [] };
    this.frame = null;
    this.window = null;
    this.onMessage = this.onMessage.bind(this);
  }

  Inkstone.prototype.on = function (type, listener) {
    if (!this.listeners[type]) throw new Error('Unknown Inkstone event: ' + type);
    this.listeners[type].push(listener);
    return this;
  };

  Inkstone.prototype.off = function (type, listener) {
    var list = this.listeners[type] || [];
    var index = list.indexOf(listener);
    if (index !== -1) list.splice(index, 1);
    return this;
  };

  Inkstone.prototype.emit = function (type, value) {
    var list = (this.listeners[type] || []).slice();
    for (var i = 0; i < list.length; i += 1) list[i](value);
  };

  /** Opens the editor on `file` ({ name, content: { text, yamlProperties } }). */
  Inkstone.prototype.openFile = function (file) {
    this.close();
    file = file || {};
    var content = file.content || {};
    var query = new URLSearchParams({
      origin: window.location.origin,
      fileName: file.name || '',
      contentText: content.text || '',
      contentProperties: content.yamlProperties || content.properties || '',
    });
    var src = this.url + (this.url.indexOf('?') === -1 ? '?' : '&') + query.toString();
    window.addEventListener('message', this.onMessage);
    if (this.popup) {
      this.window = window.open(src, 'inkstone', 'width=1200,height=800');
      return this;
    }
    var frame = document.createElement('iframe');
    frame.title = 'Inkstone';
    frame.src = src;
    frame.setAttribute(
      'style',
      'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:#fff',
    );
    document.body.appendChild(frame);
    this.frame = frame;
    this.window = frame.contentWindow;
    return this;
  };

  Inkstone.prototype.onMessage = function (event) {
    // Only the editor this helper opened, from the Inkstone origin.
    if (event.origin !== this.appOrigin || !this.window || event.source !== this.window) return;
    var data = event.data || {};
    if (data.type === 'fileChange') this.emit('fileChange', data.payload);
    else if (data.type === 'ready') this.emit('ready');
    else if (data.type === 'close') this.close();
  };

  /** Removes the editor (the frame, or the popup) and says 'close' once. */
  Inkstone.prototype.close = function () {
    if (!this.window) return;
    window.removeEventListener('message', this.onMessage);
    if (this.frame) this.frame.remove();
    else if (!this.window.closed) this.window.close();
    this.frame = null;
    this.window = null;
    this.emit('close');
  };

  window.Inkstone = Inkstone;
})();
