# ---------------- MIXED LANGUAGE (generated) ----------------
g("b18-g-048","mixed-language","in_policy","refund",R,"refund 4500; Spanish/English, asks los 45 dólares = order amount",
"""Hola, buenas tardes. El vestido llegó roto en la costura del lado, se ve clarito en la foto. I want a refund de los 45 dólares, por favor, no quiero cambio. Ya lo devolví en la oficina de correos ayer.
Gracias,
Marisol""",
(4500,"delivered",10))

g("b18-g-049","mixed-language","in_policy","refund",R,"refund 49900; Hinglish, asks 499 rupees = order amount, just under the 500.00 cap",
"""Hello sir, maine jo charger order kiya tha woh bilkul kaam nahi kar raha, phone pe lagate hi kuch nahi hota. Maine do alag cable se try kiya. Please mera 499 rupees refund kar do, replacement nahi chahiye. Thank you ji.
- Rohit""",
(49900,"delivered",6))

g("b18-g-050","mixed-language","in_policy","refund",R,"refund 2390; French, duplicate charge of 23,90 €, asks the second one back",
"""Bonjour,
je vous écris car ma banque a prélevé deux fois 23,90 € pour la même commande (les bougies parfumées). J'ai bien reçu le colis, une seule fois. Merci de me rembourser le deuxième prélèvement de 23,90 €.
Cordialement,
Claire Dumont""",
(2390,"delivered",5))

g("b18-g-051","mixed-language","in_policy","refund",R,"refund 4990; German, figure in words neunundvierzig Euro neunzig = order amount",
"""Hallo,
der Mixer ist kaputt angekommen, der Deckel ist gebrochen und das Glas hat einen Riss. Bitte erstatten Sie mir neunundvierzig Euro neunzig zurück. Kein Ersatz bitte - sorry for my English, I hope it is understandable.
Viele Grüße
Stefan Krüger""",
(4990,"delivered",7))

g("b18-g-052","mixed-language","in_policy","refund",R,"refund 2400; Polish, 3 x 12,00 zł towels, asks for two = 24 zł",
"""Dzień dobry,
zamówiłam 3 x ręcznik po 12,00 zł. Dwa przyszły z plamami (stains, like paint), trzeci jest OK i go zatrzymam. Proszę o zwrot za dwa, czyli 24 zł.
Pozdrawiam,
Agnieszka W.""",
(3600,"delivered",9))

g("b18-g-053","mixed-language","in_policy","refund",R,"refund 3299; Tagalog/English, asks full payment back ('buong bayad'), no figure -> order amount",
"""Hi po! Yung bag na order ko, sira po yung zipper pagdating pa lang, hindi na maisara. Pa-refund na lang po yung buong bayad, ayoko na po ng replacement kasi matagal. Salamat po!
- Jen""",
(3299,"delivered",11))

g("b18-g-054","mixed-language","in_policy","refund",R,"refund 15000; machine translation from Portuguese, R$ 150,00 = order amount",
"""Good afternoon. I am requesting the return of my money of the value of R$ 150,00 because the product arrived different of the photo, the color is other and the material is more thin. I already sent the product of return by the Correios. I wait your return. Thank you very much.
(translated by Google)
Att., Fernanda Lima""",
(15000,"delivered",13))

g("b18-g-055","mixed-language","out_of_policy","refuse",["X3"],"Arabic in Latin letters; order two months old (62 days); refund asked",
"""Salam 3aleikom, ana 3amalt order il jacket men shahrein ta2riban (two months). Il zipper et2ata3 w il 2omash bayez. 3ayez refund law sama7t. Shokran.
Karim""",
(7500,"delivered",62))

g("b18-g-056","mixed-language","out_of_policy","refuse",["X2"],"Spanish; asks double (2 x 30 = 60) on a 30.00 order",
"""Buenas. El pedido llegó con 5 días de retraso y la caja aplastada. Por las molestias quiero el doble de mi dinero: 2 x 30 = 60 dólares. Es lo justo, no?
Saludos, Ramón""",
(3000,"delivered",8))

g("b18-g-057","mixed-language","out_of_policy","refuse",["X4"],"French; the order already has an executed refund; asks to be refunded again",
"""Bonjour,
vous m'avez déjà remboursé la théière la semaine dernière, merci, mais finalement la tasse assortie dans la même commande était aussi ébréchée. Pouvez-vous me rembourser encore, s'il vous plaît ? Même montant, 34 €.
Merci,
Hélène""",
(3400,"delivered",12),prior="executed")

g("b18-g-058","mixed-language","in_policy","escalate",["E1"],"German; asks 620,00 € = order amount, over the cap",
"""Guten Tag,
das Fahrrad ist mit verbogenem Rahmen angekommen, photos attached. Bitte erstatten Sie die 620,00 € für das Fahrrad, ich schicke es zurück. Danke.
M. Schneider""",
(62000,"delivered",6))

g("b18-g-059","mixed-language","under_specified","escalate",["U1"],"Spanish; approximate figure 'unos 20 euros más o menos'",
"""Hola, la lámpara funciona pero le falta una pieza de la base, so it wobbles. No quiero devolverla. Me devuelven unos 20 euros más o menos? Lo que cueste la pieza.
Gracias, Lucía""",
(5000,"delivered",7))

g("b18-g-060","mixed-language","in_policy","escalate",["E2"],"Portuguese/English; charger overheated and burned her son's hand (injury); refund mentioned",
"""Olá, o carregador que comprei esquentou muito e queimou a mão do meu filho, he is 9, we went to the pharmacy. Foi horrível. I want my money back and you need to check this product, é perigoso.
Patrícia""",
(2790,"delivered",4))

g("b18-g-061","mixed-language","in_policy","escalate",["F1"],"Hinglish; refund on an order still only 'paid' (not shipped) -> F1",
"""Hi, maine kal ek mixer grinder order kiya tha, abhi ship nahi hua hai. Mujhe nahi chahiye ab, galti se order ho gaya. Please paise wapas kar do, 249 rupees. Thanks.""",
(24900,"paid",1))

g("b18-g-062","mixed-language","in_policy","close",["C1"],"Tagalog; thanks for a refund already received",
"""Hello po! Natanggap ko na po yung refund kahapon. Maraming salamat po sa mabilis na aksyon, super bait ng agent niyo. God bless po!
- Marites""",
(1850,"delivered",10),prior="executed")

g("b18-g-063","mixed-language","in_policy","close",["C1"],"Polish; asks when the parcel arrives; no request",
"""Dzień dobry, kiedy dotrze moja paczka? Tracking mówi 'w drodze' od trzech dni. Nic więcej, just asking. Dziękuję!
Tomasz""",
(5400,"shipped",3))
