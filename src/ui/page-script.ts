// The one inline script of the Settings → Hooks page: reads the token from ?token=, fetches /api/hooks with
// `Authorization: Bearer`, renders the DOM contract of docs/ui.md (textContent only, never HTML from data) and posts
// Trust / Disable / Enable. Plain browser JavaScript kept as text; no network beyond the page's own origin.

export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var token = new URLSearchParams(window.location.search).get('token') || '';
  var statusBox = document.getElementById('status');
  var warningsList = document.getElementById('warnings');
  var banners = document.getElementById('banners');
  var hooksBox = document.getElementById('hooks');
  var dialectBox = document.getElementById('dialect');
  var DONE = { trust: 'Trusted hook', disable: 'Disabled hook', enable: 'Enabled hook' };

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function field(tag, name, text, value) {
    var attributes = { 'data-field': name };
    if (value !== undefined) attributes['data-value'] = String(value);
    return element(tag, attributes, [text]);
  }

  function detailText(status, body) {
    if (body && typeof body.detail === 'string') return body.detail;
    if (body && Array.isArray(body.detail)) return body.detail.map(function (entry) { return (entry.loc || []).join('.') + ': ' + entry.msg; }).join('; ');
    return 'HTTP ' + status;
  }

  function call(method, path, body) {
    var headers = { Authorization: 'Bearer ' + token };
    var init = { method: method, headers: headers, cache: 'no-store', credentials: 'omit' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (data) {
        if (!response.ok) throw new Error(detailText(response.status, data));
        return data;
      });
    });
  }

  function showStatus(text, isError) {
    statusBox.textContent = text;
    statusBox.setAttribute('data-kind', isError ? 'error' : 'ok');
  }

  function row(label, name, text, value) {
    return element('div', { class: 'row' }, [element('dt', {}, [label]), field('dd', name, text, value)]);
  }

  function card(hook) {
    var status = hook.trust_status;
    var matcher = hook.matcher === null || hook.matcher === undefined || hook.matcher.trim() === '' ? '*' : hook.matcher;
    var header = element('header', {}, [
      element('div', {}, [
        field('h2', 'event', hook.event),
        element('p', { class: 'subtle' }, ['matcher ', field('span', 'matcher', matcher), ' \u00b7 ', field('span', 'source', hook.source)]),
      ]),
      element('div', { class: 'badges' }, [
        field('span', 'trust-status', status, status),
        field('span', 'runnable', hook.runnable ? '\u{1F6E1} runnable' : '\u26A0 not runnable', hook.runnable),
      ]),
    ]);
    header.lastChild.firstChild.className = 'badge status-' + status;
    header.lastChild.lastChild.className = 'shield ' + (hook.runnable ? 'on' : 'off');
    var rows = element('dl', {}, [
      row('Command', 'command', hook.command),
      row('Status message', 'status-message', hook.status_message ? hook.status_message : '\u2014'),
      row('Timeout', 'timeout', hook.timeout + 's', hook.timeout),
      row('Hash', 'hash', hook.current_hash),
      row('Source path', 'source-path', hook.source_path),
      row('Enabled', 'enabled', hook.enabled ? 'yes' : 'no', hook.enabled),
      row('Managed', 'managed', hook.managed ? 'yes' : 'no', hook.managed),
    ]);
    if (hook.trust_key) rows.appendChild(row('Trusted per file', 'trust-key', hook.trust_key));
    if (hook.diagnostics && hook.diagnostics.length > 0) rows.appendChild(row('Diagnostics', 'diagnostics', hook.diagnostics.join('\n')));
    var buttons = element('div', { class: 'actions' }, []);
    if (!hook.managed && status !== 'managed') {
      if (status === 'untrusted' || status === 'modified') buttons.appendChild(button('trust', 'Trust current hash', hook));
      if (!hook.trust_key) buttons.appendChild(hook.enabled ? button('disable', 'Disable', hook) : button('enable', 'Enable', hook));
    }
    return element('article', { class: 'hook', 'data-hook-key': hook.key }, [header, rows, buttons]);
  }

  function button(action, label, hook) {
    var node = element('button', { type: 'button', 'data-action': action }, [label]);
    node.addEventListener('click', function () { act(action, hook); });
    return node;
  }

  function render(listing) {
    dialectBox.textContent = listing.dialect ? 'dialect ' + listing.dialect : '';
    warningsList.replaceChildren.apply(warningsList, (listing.warnings || []).map(function (text) { return element('li', {}, [text]); }));
    warningsList.hidden = warningsList.childElementCount === 0;
    var notices = [];
    if (listing.trust_bypass_active) {
      notices.push(element('p', { id: 'bypass-notice', class: 'notice' }, ['Dangerous hook trust bypass is active; untrusted and modified hooks can run.']));
    }
    if (listing.diagnostics && listing.diagnostics.length > 0) {
      notices.push(element('div', { id: 'diagnostics', class: 'banner', role: 'alert' }, [listing.diagnostics.join('\n')]));
    }
    banners.replaceChildren.apply(banners, notices);
    var hooks = listing.hooks || [];
    if (hooks.length === 0) {
      var hint = listing.dialect === 'pbi' || !listing.dialect
        ? 'Add ~/.pbi-agent/hooks.json or .agents/hooks.json to configure hooks.'
        : 'Configure hooks in the ' + listing.dialect + ' dialect\u2019s files to see them here.';
      hooksBox.replaceChildren(element('div', { id: 'empty-state' }, [element('h2', {}, ['No hooks found']), element('p', {}, [hint])]));
    } else {
      hooksBox.replaceChildren.apply(hooksBox, hooks.map(card));
    }
  }

  function setBusy(busy) {
    document.querySelectorAll('button').forEach(function (node) { node.disabled = busy; });
  }

  function act(action, hook) {
    setBusy(true);
    call('POST', '/api/hooks/' + action, { key: hook.key }).then(function (listing) {
      render(listing);
      showStatus(DONE[action] + ': ' + hook.event + ' ' + hook.command, false);
    }, function (error) {
      showStatus('Error: ' + error.message, true);
    }).then(function () { setBusy(false); });
  }

  function refresh() {
    return call('GET', '/api/hooks').then(function (listing) { render(listing); return true; }, function (error) {
      showStatus('Error: ' + error.message, true);
      return false;
    });
  }

  document.getElementById('refresh').addEventListener('click', function () {
    setBusy(true);
    refresh().then(function (ok) {
      if (ok) showStatus('Reloaded the hooks configuration.', false);
      setBusy(false);
    });
  });
  refresh().then(function () { document.body.setAttribute('data-ready', 'true'); });
})();
`;
