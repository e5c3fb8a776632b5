// Loads the external analytics property named in the site configuration
// (analytics.externalMeasurementId or ANALYTICS_MEASUREMENT_ID). The pages include this file
// only when one is set; by default no page loads it and no third-party request is made.
(() => {
  const id = document.currentScript?.dataset.measurementId;
  if (!id) return;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: the tag reads the arguments object itself
    window.dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", id);
  const loader = document.createElement("script");
  loader.async = true;
  loader.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(loader);
})();
