/** The path the offline server serves its one web page on. */
export const OFFLINE_PAGE_PATH = '/pages/eiffel-tower.html';

/**
 * The web page the offline demo reads with the real web-fetch tool (served on 127.0.0.1, so no
 * network is needed). The figures are the tower's published ones.
 */
export const OFFLINE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>The Eiffel Tower in numbers</title>
</head>
<body>
  <nav><a href="/">Home</a> · <a href="/pages/">Pages</a></nav>
  <main>
    <article>
      <h1>The Eiffel Tower in numbers</h1>
      <p>The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, built by
      Gustave Eiffel's company for the 1889 World's Fair.</p>
      <h2>Height</h2>
      <p>Including its antennas, the tower is <strong>330 metres</strong> tall, about the height of
      an 81-storey building. Without them, the top floor's roof stands at 300 metres.</p>
      <h2>Structure</h2>
      <ul>
        <li>Iron parts: 18,038</li>
        <li>Rivets: 2,500,000</li>
        <li>Steps to the top floor: 1,665</li>
      </ul>
      <p>The tower was the tallest man-made structure in the world until the Chrysler Building in
      New York City was finished in 1930.</p>
    </article>
  </main>
  <footer>Offline page served by the aigo demo on 127.0.0.1.</footer>
  <script>console.log('scripts are dropped by the web-fetch tool');</script>
</body>
</html>
`;
