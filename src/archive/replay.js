// The replay page's controls: one position shown at a time from the data
// the page carries (gzip in base64: shapes, pictures and views each stored
// once, positions naming them).
(function () {
  var raw = atob(document.getElementById('q-data').textContent.trim());
  var bytes = new Uint8Array(raw.length);
  for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  var unzip = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  new Response(unzip).json().then(start);
})();
function start(d) {
  var P = d.pos, last = P.length - 1, at = -1, timer = null, marking = null;
  var $ = function (id) { return document.getElementById(id); };
  var img = $('q-pic'), view = $('q-view'), box = $('q-moves'), range = $('q-range');
  var items = box.children;
  range.max = last;
  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    if (items[at]) items[at].className = '';
    at = k;
    var p = P[k], pic = d.pics[p.p];
    if (img.getAttribute('data-k') !== String(p.p)) {
      img.setAttribute('data-k', p.p);
      img.innerHTML = pic[0] + pic[1].map(function (s) { return d.shapes[s]; }).join('') + '</svg>';
    }
    if (view.getAttribute('data-k') !== String(p.v)) {
      view.setAttribute('data-k', p.v);
      view.innerHTML = d.views[p.v];
    }
    $('q-n').textContent = k;
    $('q-who').textContent = p.w;
    $('q-step').textContent = p.s;
    range.value = k;
    var li = items[k];
    li.className = 'q-cur';
    if (li.offsetTop < box.scrollTop || li.offsetTop + li.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = li.offsetTop - box.clientHeight / 2;
    }
    // The address follows once stepping pauses: browsers refuse rapid
    // history updates.
    clearTimeout(marking);
    marking = setTimeout(function () {
      if (location.hash !== '#move=' + at) {
        try { history.replaceState(null, '', '#move=' + at); } catch (e) { /* refused: the page still works */ }
      }
    }, 300);
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    $('q-play').textContent = d.words.play;
  }
  function play() {
    if (timer) { stop(); return; }
    if (at >= last) show(0);
    $('q-play').textContent = d.words.pause;
    timer = setInterval(function () { if (at >= last) stop(); else show(at + 1); },
      1000 / Number($('q-speed').value));
  }
  function fromHash() {
    var m = /move=(\d+)/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  }
  $('q-first').onclick = function () { stop(); show(0); };
  $('q-back').onclick = function () { stop(); show(at - 1); };
  $('q-fwd').onclick = function () { stop(); show(at + 1); };
  $('q-last').onclick = function () { stop(); show(last); };
  $('q-play').onclick = play;
  $('q-speed').onchange = function () { if (timer) { stop(); play(); } };
  range.oninput = function () { stop(); show(Number(range.value)); };
  addEventListener('hashchange', function () { if (fromHash() !== at) show(fromHash()); });
  addEventListener('keydown', function (e) {
    var t = e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
    var k = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[e.key];
    if (k === undefined) return;
    e.preventDefault(); stop(); show(k);
  });
  document.documentElement.className = 'q-js';
  show(fromHash());
}
