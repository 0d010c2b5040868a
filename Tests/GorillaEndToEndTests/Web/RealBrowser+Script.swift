extension RealBrowser {
    /// The Python side of ``RealBrowser``: `python3 -c SCRIPT WEB-PORT CERTIFICATE CHROMIUM CHROMEDRIVER PROFILE`
    /// starts Chromium headless, prints `{"ready": VERSION}`, then answers each command line (`{"op": …, "args": {…}}`)
    /// with one line, `{"value": …}` or `{"error": …}`, until its input ends; then it closes the browser.
    ///
    /// Chromium trusts the server's certificate by the SHA-256 of its public key
    /// (`--ignore-certificate-errors-spki-list`, which it honours with a profile folder of its own): any other
    /// certificate still gets the browser's warning page. The status of a page is the navigation's `responseStatus`
    /// (Resource Timing); a click that submits a form waits for the next page to replace this one.
    static let script = #"""
        import base64, hashlib, json, os, ssl, sys, traceback
        os.setpgid(0, 0)  # chromedriver and Chromium join this group: whoever must end them all ends the group
        from selenium import webdriver
        from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait

        base, cafile, chromium, chromedriver, profile = f"https://127.0.0.1:{sys.argv[1]}", *sys.argv[2:6]

        def der_items(data, start, end):
            """The DER items between `start` and `end`: (tag, item start, content start, content end)."""
            while start < end:
                tag, length, at = data[start], data[start + 1], start + 2
                if length & 0x80:
                    count = length & 0x7F
                    length, at = int.from_bytes(data[at:at + count], "big"), at + count
                yield tag, start, at, at + length
                start = at + length

        def spki_pin(pem_path):
            """Base64 of the SHA-256 of the certificate's subjectPublicKeyInfo: the 6th field of tbsCertificate after
            its [0] version."""
            der = ssl.PEM_cert_to_DER_cert(open(pem_path).read())
            _, _, body, end = next(der_items(der, 0, len(der)))
            _, _, tbs, tbs_end = next(der_items(der, body, end))
            fields = [item for item in der_items(der, tbs, tbs_end) if item[0] != 0xA0]
            _, start, _, stop = fields[5]
            return base64.b64encode(hashlib.sha256(der[start:stop]).digest()).decode()

        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         f"--user-data-dir={profile}", f"--ignore-certificate-errors-spki-list={spki_pin(cafile)}",
                         "--lang=en-US", "--no-first-run", "--disable-extensions", "--window-size=1280,800"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        try:
            driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
            driver.set_page_load_timeout(30)
        except Exception as error:
            print(json.dumps({"error": f"Chromium did not start: {type(error).__name__}: {error}"}), flush=True)
            raise

        def page():
            """What the browser shows; Chromium's own warning page for a certificate is an error."""
            if driver.title == "Privacy error":
                raise RuntimeError("Chromium refused the server's certificate: " + driver.current_url)
            return driver.execute_script("""
                const navigation = performance.getEntriesByType('navigation')[0];
                const heading = document.querySelector('h1');
                return {status: navigation ? navigation.responseStatus : 0, path: location.pathname,
                        title: document.title, heading: heading ? heading.innerText : '',
                        text: document.body ? document.body.innerText : '',
                        alerts: [...document.querySelectorAll('[role=alert]')].map(e => e.innerText),
                        links: [...document.querySelectorAll('a[href]')].map(e => e.getAttribute('href')),
                        forms: [...document.querySelectorAll('form')].map(e => e.getAttribute('action'))};""")

        def replaced(old):
            """Whether the element `old` has left the document. Chromium says so in two ways: a stale element, or,
            while the next page is being committed, a node that "does not belong to the document"; any other error of
            that moment is asked again."""
            def gone(_):
                try:
                    old.is_enabled()
                    return False
                except StaleElementReferenceException:
                    return True
                except WebDriverException as error:
                    return "does not belong to the document" in str(error)
            return gone

        def navigated(action):
            """Runs `action` (a click that submits a form), then waits for the next page to replace this one."""
            old = driver.find_element(By.TAG_NAME, "html")
            action()
            try:
                WebDriverWait(driver, 30).until(replaced(old))
            except TimeoutException:
                raise RuntimeError("no page came after the form (a required field left empty?)")
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
            return page()

        def open_page(path):
            driver.get(base + path)
            return page()

        def submit(action, fields={}, drop_token=False):
            """Types `fields` into the form posted to `action` (without its token if told) and clicks its button."""
            form = driver.find_element(By.CSS_SELECTOR, f'form[action="{action}"]')
            for name, value in fields.items():
                field = form.find_element(By.NAME, name)
                field.clear()
                field.send_keys(value)
            if drop_token:
                driver.execute_script("arguments[0].querySelector('input[name=csrf]').remove()", form)
            return navigated(lambda: form.find_element(By.CSS_SELECTOR, "button[type=submit]").click())

        def sign_in(user, password):
            """Forgets every cookie (session and form token), then signs in on a fresh sign-in page."""
            driver.get(base + "/login")
            driver.delete_all_cookies()
            open_page("/login")
            return submit("/login", {"user": user, "password": password})

        def post(path, fields={}):
            """A form of the reader's own making to `path`, with `fields` and the token of the page's forms (scripts
            that WebDriver runs are not the page's, which its Content-Security-Policy forbids)."""
            return navigated(lambda: driver.execute_script("""
                const form = document.createElement('form');
                form.method = 'post';
                form.action = arguments[0];
                const values = Object.assign({csrf: document.querySelector('input[name=csrf]').value}, arguments[1]);
                for (const [name, value] of Object.entries(values)) {
                    const input = document.createElement('input');
                    input.type = 'hidden'; input.name = name; input.value = value;
                    form.appendChild(input);
                }
                document.body.appendChild(form);
                form.submit();""", path, fields))

        def screenshot(path, file, width, height):
            """Opens `path` in a `width`x`height` viewport (a phone's, touch and all, below 600) and saves a PNG of it
            if it answered 200."""
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            found = open_page(path)
            if found["status"] == 200:
                driver.save_screenshot(file)
            return found

        def cookies():
            return [{"name": c["name"], "secure": c.get("secure", False), "httpOnly": c.get("httpOnly", False),
                     "sameSite": c.get("sameSite", "")} for c in driver.get_cookies()]

        operations = {"open": open_page, "submit": submit, "signIn": sign_in, "post": post, "screenshot": screenshot,
                      "cookies": cookies}
        print(json.dumps({"ready": driver.capabilities.get("browserVersion", "")}), flush=True)
        try:
            for line in sys.stdin:
                command = json.loads(line)
                try:
                    answer = {"value": operations[command["op"]](**command.get("args", {}))}
                except Exception as error:
                    answer = {"error": f"{command['op']}: {type(error).__name__}: {error}".strip()}
                    traceback.print_exc()
                print(json.dumps(answer), flush=True)
        finally:
            driver.quit()
        """#
}
