// A classic script, the one kind a browser runs from a file on disk: when this page was opened
// from disk, its modules cannot load, so say how to run it instead of showing a dead page. The
// built site's page (dist/index.html) has no such help: the single file beside it plays from disk.
'use strict';
if (location.protocol === 'file:') {
  document.addEventListener('DOMContentLoaded', function () {
    var help = document.getElementById('file-help');
    if (!help) return location.replace('blue-and-gray.html');
    help.hidden = false;
    document.documentElement.setAttribute('data-file', 'true');
  });
}
