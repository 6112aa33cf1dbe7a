// Stops an import of the element where there is no browser (Node, a server-side renderer) with
// an error that says why and what to do, before the element's class meets a missing HTMLElement.
// Imported first by blue-gray-game.js, so nothing else of the board runs there.
if (typeof HTMLElement === 'undefined' || typeof customElements === 'undefined') {
  throw new Error(
    '<blue-gray-game> is a browser custom element: it needs a DOM (HTMLElement, customElements), which this environment lacks. ' +
      'It does not render on a server: put the <blue-gray-game> tag in the server\'s HTML and import the module only in the browser ' +
      '(a module script, or a dynamic import in client-side code); the tag comes alive when the module loads.',
  );
}
